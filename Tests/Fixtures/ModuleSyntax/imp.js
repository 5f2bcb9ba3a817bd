import { a } from './bad2.js';
console.log(a);
