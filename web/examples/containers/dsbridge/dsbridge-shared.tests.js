// The tests both DSBridge example pages run (each page adds the test of its own container).
test('a synchronous call returns the mocked answer at once', () => {
  assert.equal(dsBridge.call('testSyn', { msg: 'testSyn' }), 'testSyn[syn call]');
  document.getElementById('syn').click();
  assert.equal(document.getElementById('show').textContent, 'testSyn[syn call]');
});

test('an asynchronous call answers its callback later', async () => {
  const value = await new Promise((resolve) => dsBridge.call('testAsyn', 'hello', resolve));
  assert.equal(value, 'testAsyn[asyn call]');
  const late = await new Promise((resolve) => dsBridge.call('slowAsyn', 1, resolve));
  assert.equal(late, 'late');
});

test('namespaces: the handler named ns.method answers', () => {
  assert.deepEqual(dsBridge.call('echo.syn', { a: [1, 2] }), { a: [1, 2] });
});

test('hasNativeMethod is true for a mocked name and false otherwise', () => {
  assert.equal(dsBridge.hasNativeMethod('testSyn'), true);
  assert.equal(dsBridge.hasNativeMethod('testSyn', 'syn'), true);
  assert.equal(dsBridge.hasNativeMethod('slowAsyn', 'syn'), false);
  assert.equal(dsBridge.hasNativeMethod('slowAsyn', 'asyn'), true);
  assert.equal(dsBridge.hasNativeMethod('nothing'), false);
});

test('an unknown method returns nothing (iOS: "", Android: undefined)', () => {
  assert.ok(!dsBridge.call('nothing', 1));
});
