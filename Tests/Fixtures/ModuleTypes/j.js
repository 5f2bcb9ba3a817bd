export default 4;
