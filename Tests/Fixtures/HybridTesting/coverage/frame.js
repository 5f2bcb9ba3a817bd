function size(n) {
  if (n > 10) {
    return 'large';
  }
  return 'small';
}
