window.inserted = function (flag) {
  return flag && 'yes';
};
window.inserted(false);
