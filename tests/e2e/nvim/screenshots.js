// Screenshots of Neovim 0.11 with client-nvim for docs/neovim.md: a real Neovim in a real pseudo-terminal
// (node-pty), its screen rendered by xterm.js in headless Chromium. Steps: the hover on a finding, the quick-fix
// menu, the repair shown in a split with the insert selected, :RubriqStatus. Exit 0 when every step showed.
// Env: NVIM, WORKSPACE (a copy of tests/e2e/fixtures/workspace), PAIR, FIX_CODE, SCREENSHOTS, CS_MODULES (the
//      node_modules folder of code-server's VS Code, which holds node-pty and @xterm/xterm), CHROMIUM.
const fs = require('fs');
const os = require('os');
const path = require('path');
const { chromium } = require('playwright-core');

const env = (name, fallback) => {
  const value = process.env[name] ?? fallback;
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
};
const modules = env('CS_MODULES');
const pty = require(path.join(modules, 'node-pty'));
const XTERM = path.join(modules, '@xterm', 'xterm');
const SHOTS = env('SCREENSHOTS');
const WORKSPACE = env('WORKSPACE');
const PAIR = env('PAIR', 'summary');
const COLS = 110;
const ROWS = 34;
const t0 = Date.now();
const log = (m) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)}s] ${m}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const marks = fs.mkdtempSync(path.join(os.tmpdir(), 'rubriq-nvim-marks-'));
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'rubriq-chromium-'));
  const state = fs.mkdtempSync(path.join(os.tmpdir(), 'rubriq-nvim-state-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: env('CHROMIUM', '/usr/bin/chromium'), headless: true, viewport: { width: 1000, height: 620 },
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const page = browser.pages()[0] || await browser.newPage();
  await page.setContent(`<!DOCTYPE html><html><head><style>${fs.readFileSync(path.join(XTERM, 'css', 'xterm.css'))}
    body{margin:0;background:#1e1e2e}</style></head><body><div id="t"></div></body></html>`);
  await page.addScriptTag({ content: fs.readFileSync(path.join(XTERM, 'lib', 'xterm.js'), 'utf8') });
  await page.evaluate(({ cols, rows }) => {
    // eslint-disable-next-line no-undef
    window.term = new Terminal({ cols, rows, fontSize: 14, fontFamily: 'DejaVu Sans Mono, monospace',
      theme: { background: '#1e1e2e', foreground: '#cdd6f4' }, allowProposedApi: true });
    window.term.open(document.getElementById('t'));
  }, { cols: COLS, rows: ROWS });

  const shell = pty.spawn(env('NVIM'), ['--clean', '-n', '-u', path.join(__dirname, 'screenshots.lua'), `${PAIR}.out`], {
    name: 'xterm-256color', cols: COLS, rows: ROWS, cwd: WORKSPACE,
    env: { ...process.env, E2E_MARKS: marks, XDG_STATE_HOME: state, XDG_CACHE_HOME: state, XDG_CONFIG_HOME: state,
      TERM: 'xterm-256color', COLORTERM: 'truecolor' },
  });
  let pending = '';
  shell.onData((data) => { pending += data; });
  const pump = setInterval(async () => {
    if (!pending) return;
    const chunk = pending;
    pending = '';
    await page.evaluate((text) => window.term.write(text), chunk).catch(() => {});
  }, 30);
  const type = async (keys, wait = 1500) => { shell.write(keys); await sleep(wait); };
  const shot = async (name) => {
    await sleep(400);
    await page.locator('#t').screenshot({ path: path.join(SHOTS, name) });
    log(`screenshot ${name}`);
  };

  let ok = true;
  try {
    for (let i = 0; i < Number(env('WAIT_STEPS', '600')) && !fs.existsSync(path.join(marks, 'ready')); i++) await sleep(500);
    ok = fs.existsSync(path.join(marks, 'ready'));
    log(ok ? 'the model pass is in' : 'the model pass never arrived');
    if (!ok) await shot('neovim-failure.png');
    if (ok) {
      await type(':lua Shot.hover()\r', 2500);
      await shot('neovim-hover.png');
      await type('\x1b', 300);
      await type(':lua Shot.menu()\r', 2500);
      await shot('neovim-quickfix.png');
      await type('1\r', 3000);
      await shot('neovim-repair.png');
      await type(':RubriqStatus\r', 2500);
      await shot('neovim-status.png');
      await type('\x1b', 300);
    }
  } catch (error) {
    ok = false;
    console.error(error);
  } finally {
    shell.write('\x1b:qa!\r');
    await sleep(800);
    clearInterval(pump);
    try { shell.kill(); } catch { /* already gone */ }
    await browser.close();
    for (const dir of [marks, profile, state]) fs.rmSync(dir, { recursive: true, force: true });
  }
  log(ok ? 'PASS' : 'FAIL');
  process.exit(ok ? 0 : 1);
})();
