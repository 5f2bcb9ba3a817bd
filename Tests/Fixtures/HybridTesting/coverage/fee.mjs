// The shipping fee: free from 50.
export function fee(total) {
  if (total >= 50) {
    return 0;
  }
  return 5;
}
