import assert from 'node:assert/strict';
import { test } from 'node:test';

import { chooseInterpreter, describeChoice, expandPath, installCommand } from '../src/interpreter';

test('the rubriq.interpreter setting wins over the Python extension', () => {
  const choice = chooseInterpreter({
    setting: '/opt/venv/bin/python', pythonExtensionPath: '/usr/bin/python3.11', workspaceFolder: '/ws',
  });
  assert.deepEqual(choice, { command: '/opt/venv/bin/python', source: 'setting' });
});

test("without the setting, the Python extension's interpreter is used", () => {
  const choice = chooseInterpreter({ setting: '  ', pythonExtensionPath: '/ws/.venv/bin/python', workspaceFolder: '/ws' });
  assert.deepEqual(choice, { command: '/ws/.venv/bin/python', source: 'python-extension' });
});

test('with neither, python3 from PATH', () => {
  assert.deepEqual(chooseInterpreter({ setting: undefined, pythonExtensionPath: undefined, workspaceFolder: undefined }),
    { command: 'python3', source: 'default' });
  assert.equal(chooseInterpreter({ setting: '', pythonExtensionPath: '', workspaceFolder: '/ws' }).source, 'default');
});

test('the setting expands ${workspaceFolder}, ~ and relative paths', () => {
  assert.equal(expandPath('${workspaceFolder}/.venv/bin/python', '/ws', '/home/u'), '/ws/.venv/bin/python');
  assert.equal(expandPath('~/venvs/r/bin/python', '/ws', '/home/u'), '/home/u/venvs/r/bin/python');
  assert.equal(expandPath('.venv/bin/python', '/ws', '/home/u'), '/ws/.venv/bin/python');
  // A bare command stays a command, looked up on PATH.
  assert.equal(expandPath('python3.12', '/ws', '/home/u'), 'python3.12');
});

test('describeChoice says where the interpreter came from', () => {
  assert.match(describeChoice({ command: 'python3', source: 'default' }), /python3 \(the default/);
  assert.match(describeChoice({ command: '/p', source: 'python-extension' }), /Python extension/);
});

test('installCommand installs into exactly the chosen interpreter, quoted', () => {
  assert.equal(installCommand({ command: "/it's/python", source: 'setting' }, 'linux'),
    "'/it'\\''s/python' -m pip install --upgrade rubriq");
  assert.equal(installCommand({ command: 'C:\\Py\\python.exe', source: 'setting' }, 'win32'),
    '& "C:\\Py\\python.exe" -m pip install --upgrade rubriq');
});
