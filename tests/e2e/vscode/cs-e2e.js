// Drives real VS Code (code-server) in Debian's headless Chromium with the Rubriq extension installed from its
// .vsix: open a fixture .out, see Rubriq's squiggles and Problems rows, hover one and read the rubric text, apply
// "Insert repair prompt" and see the .prompt change, then run "Rubriq: Run SQB on folder" from the palette.
// Screenshots go to $SCREENSHOTS. Exit 0 only when every step passed.
// Env: CS_URL, WORKSPACE, USER_DATA, PAIR, EXPECT (codes), FIX_CODE, RULE_TITLE, EXPECTED_REPAIRS, SCREENSHOTS,
//      PYTHON_WITHOUT_RUBRIQ, CHROMIUM.
const { chromium } = require('playwright-core');
const fs = require('fs');
const os = require('os');
const path = require('path');

const env = (name, fallback) => {
  const value = process.env[name] ?? fallback;
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
};
const URL = env('CS_URL');
const WORKSPACE = env('WORKSPACE');
const PAIR = env('PAIR', 'summary');
const EXPECT = env('EXPECT', '').split(',').filter(Boolean);
const FIX_CODE = env('FIX_CODE', EXPECT[0] || '');
const RULE_TITLE = env('RULE_TITLE', '');
const SHOTS = env('SCREENSHOTS');
const t0 = Date.now();
const log = (m) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)}s] ${m}`);
const failures = [];
const check = (ok, what) => { log(`${ok ? 'ok  ' : 'FAIL'} ${what}`); if (!ok) failures.push(what); return ok; };

async function palette(page, command) {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: 10000 });
  await input.fill(`>${command}`);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: command }).first().waitFor({ timeout: 10000 });
  await page.keyboard.press('Enter');
}

/** A Problems row reads "message | source | code | [Ln, Col]" (one cell per line of innerText). */
const isRubriqRow = (row, code) => {
  const cells = row.split('\n').map((c) => c.trim());
  return cells.includes('rubriq') && cells.includes(code);
};

/** The extension's output channel as VS Code writes it under the user data folder. */
function rubriqLog() {
  const found = fs.readdirSync(env('USER_DATA'), { recursive: true }).map(String)
    .filter((p) => p.endsWith(path.join('rubriq.rubriq', 'Rubriq.log')));
  return found.map((p) => fs.readFileSync(path.join(env('USER_DATA'), p), 'utf8')).join('\n');
}

async function openFromExplorer(page, name) {
  await page.locator('.explorer-folders-view .monaco-list-row', { hasText: new RegExp(`^${name.replace('.', '\\.')}$`) })
    .first().click();
  await page.locator('.tabs-container .tab.active', { hasText: name }).waitFor({ timeout: 30000 });
}

(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'rubriq-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: env('CHROMIUM', '/usr/bin/chromium'),
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  const page = context.pages()[0] || await context.newPage();
  try {
    await page.goto(URL, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('.monaco-workbench', { timeout: 90000 });
    await page.waitForSelector('.explorer-folders-view .monaco-list-row', { timeout: 60000 });
    log('workbench loaded');

    // 1. Squiggles on the .out
    await openFromExplorer(page, `${PAIR}.out`);
    const squiggle = '.editor-instance .monaco-editor .squiggly-error, .editor-instance .monaco-editor .squiggly-warning, '
      + '.editor-instance .monaco-editor .squiggly-info';
    check(await page.waitForSelector(squiggle, { timeout: 120000 }).then(() => true, () => false),
      `squiggles on ${PAIR}.out`);

    // A .out without a sibling .prompt is opened too: the extension must not send it to the server
    // (run.sh checks the protocol trace for it).
    await openFromExplorer(page, 'build.out');
    await openFromExplorer(page, `${PAIR}.out`);

    // Language status item: the model state from rubriq/status.
    await page.locator('#status\\.languageStatus').first().click().catch(() => {});
    const statusHover = page.locator('.monaco-hover:not(.hidden)', { hasText: 'Rubriq models' }).first();
    const statusShown = await statusHover.waitFor({ timeout: 15000 }).then(() => true, () => false);
    const statusText = statusShown ? await statusHover.innerText() : '';
    log(`language status: ${statusText.replace(/\n/g, ' / ')}`);
    check(/Rubriq models (loading|ready|unavailable)/.test(statusText), 'language status item shows the model state');
    await page.screenshot({ path: path.join(SHOTS, 'vscode-status.png') });
    await page.keyboard.press('Escape');

    // 2. Problems rows with Rubriq's codes (wait until every expected code is listed).
    await page.keyboard.press('Control+Shift+M');
    await page.waitForSelector('.markers-panel .monaco-list-row', { timeout: 30000 }).catch(() => {});
    let rows = [];
    for (let i = 0; i < 120; i++) {
      rows = await page.locator('.markers-panel .monaco-list-row').allInnerTexts();
      if (EXPECT.every((code) => rows.some((r) => isRubriqRow(r, code)))) break;
      await page.waitForTimeout(500);
    }
    log('Problems:\n' + rows.map((r) => '    ' + r.replace(/\n/g, ' | ')).join('\n'));
    for (const code of EXPECT) check(rows.some((r) => isRubriqRow(r, code)), `Problems row for ${code}`);
    await page.screenshot({ path: path.join(SHOTS, 'vscode-problems.png') });

    // 3. Go to the diagnostic from its Problems row, show the editor hover there and read the rubric text.
    await page.locator('.markers-panel .monaco-list-row').filter({ hasText: FIX_CODE })
      .filter({ hasText: 'rubriq' }).first().click();
    await page.waitForTimeout(300);
    await palette(page, 'View: Focus Active Editor Group');
    await page.waitForTimeout(300);
    await page.keyboard.press('ArrowLeft'); // the selection is the diagnostic's range: go to its start
    await page.keyboard.press('Control+K');
    await page.keyboard.press('Control+I');
    const hover = page.locator('.monaco-editor .monaco-hover:not(.hidden)').first();
    let hoverText = '';
    for (let i = 0; i < 40; i++) {
      hoverText = await hover.innerText().catch(() => '');
      if (hoverText.includes(FIX_CODE) && (!RULE_TITLE || hoverText.includes(RULE_TITLE))) break;
      await page.waitForTimeout(250);
    }
    log(`hover: ${hoverText.slice(0, 400).replace(/\n/g, ' / ')}`);
    check(hoverText.includes(FIX_CODE), `hover names ${FIX_CODE}`);
    if (RULE_TITLE) check(hoverText.includes(RULE_TITLE), `hover shows the rubric "${RULE_TITLE}"`);
    await page.screenshot({ path: path.join(SHOTS, 'vscode-hover.png') });
    await page.keyboard.press('Escape');

    // 4. Quick fix "Insert repair prompt" on the diagnostic, then the .prompt holds the repair.
    const promptPath = path.join(WORKSPACE, `${PAIR}.prompt`);
    const before = fs.readFileSync(promptPath, 'utf8');
    // The cursor still sits at the diagnostic's start.
    await page.keyboard.press('Control+.');
    const menuRows = '.action-widget .monaco-list-row, .context-view .monaco-list-row, .context-view .action-item';
    const item = page.locator(menuRows, { hasText: /Insert repair prompt for (?!another)/ }).first();
    const hasFix = await item.waitFor({ state: 'visible', timeout: 20000 }).then(() => true, () => false);
    const titles = await page.locator(menuRows).allInnerTexts();
    if (!hasFix) fs.writeFileSync(path.join(SHOTS, 'quickfix-dom.html'), await page.content());
    log(`code actions: ${titles.map((t) => t.replace(/\n/g, ' ')).join(' | ')}`);
    await page.screenshot({ path: path.join(SHOTS, 'vscode-quickfix.png') });
    if (check(hasFix, 'code action "Insert repair prompt for <family>"')) {
      // Choose with the keyboard, as a user does: the widget's pointer block swallows synthetic clicks.
      const focused = page.locator('.action-widget .monaco-list-row.focused');
      for (let i = 0; i < 15 && !/Insert repair prompt for (?!another)/.test(await focused.innerText()); i++) {
        await page.keyboard.press('ArrowDown');
      }
      log(`applying: ${await focused.innerText()}`);
      await page.keyboard.press('Enter');
      await page.waitForTimeout(1500);
      await palette(page, 'File: Save All');
      let after = before;
      for (let i = 0; i < 40 && after === before; i++) {
        await page.waitForTimeout(250);
        after = fs.readFileSync(promptPath, 'utf8');
      }
      const inserted = after.startsWith(before.trimEnd()) ? after.slice(before.trimEnd().length) : after;
      // The saved prompt is the original with one finding's repair applied, as the repair library writes it.
      const expected = JSON.parse(fs.readFileSync(env('EXPECTED_REPAIRS'), 'utf8'));
      check(after !== before, `${PAIR}.prompt changed`);
      check(expected.some((text) => text.trimEnd() === after.trimEnd()),
        `${PAIR}.prompt equals the prompt with the repair applied (${expected.length} candidates)`);
      fs.writeFileSync(path.join(SHOTS, '..', 'vscode-repair.diff.txt'), inserted);
      await openFromExplorer(page, `${PAIR}.prompt`);
      await page.locator('.editor-instance .view-lines').first().click();
      await page.keyboard.press('Control+End');
      await page.waitForTimeout(800);
      await page.screenshot({ path: path.join(SHOTS, 'vscode-repair.png') });
    }

    // 5. Run SQB on folder from the palette; pick the fixture suite folder.
    await palette(page, 'Rubriq: Run SQB on folder');
    // The pick lists the folders holding *.sqb.yaml cases: filter to the suite and take it.
    const suite = path.join(WORKSPACE, 'sqb');
    const pick = page.locator('.quick-input-list .monaco-list-row', { hasText: suite }).first();
    const listed = await pick.waitFor({ timeout: 60000 }).then(() => true, () => false);
    if (!listed) {
      log(`quick pick rows: ${(await page.locator('.quick-input-list .monaco-list-row').allInnerTexts()).join(' | ')}`);
      await page.screenshot({ path: path.join(SHOTS, 'vscode-sqb-pick.png') });
    }
    if (check(listed, 'SQB folder pick lists the suite')) {
      await page.locator('.quick-input-widget input').fill(suite);
      await page.waitForTimeout(300);
      await page.keyboard.press('Enter');
      const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'Rubriq SQB:' }).first();
      const answered = await toast.waitFor({ timeout: 240000 }).then(() => true, () => false);
      const text = answered ? await toast.innerText() : '';
      log(`SQB: ${text.replace(/\n/g, ' ')}`);
      check(answered, 'SQB answered through the palette command');
      check(text.includes('report written'), 'SQB wrote its report');
      await page.screenshot({ path: path.join(SHOTS, 'vscode-sqb.png') });
    }

    // 6. A settings change applies live: ignoring a code removes its diagnostics without a server restart.
    const ignored = EXPECT.find((code) => code !== FIX_CODE);
    const kept = FIX_CODE;
    if (ignored) {
      await openFromExplorer(page, `${PAIR}.out`);
      await page.keyboard.press('Control+Shift+M');
      const rowsNow = () => page.locator('.markers-panel .monaco-list-row').allInnerTexts();
      let before = false;
      for (let i = 0; i < 120 && !before; i++) {
        const now = await rowsNow();
        before = now.some((r) => isRubriqRow(r, kept)) && now.some((r) => isRubriqRow(r, ignored));
        if (!before) await page.waitForTimeout(500);
      }
      check(before, `before the change, ${ignored} and ${kept} are both listed`);
      fs.mkdirSync(path.join(WORKSPACE, '.vscode'), { recursive: true });
      fs.writeFileSync(path.join(WORKSPACE, '.vscode', 'settings.json'),
        JSON.stringify({ 'rubriq.ignore': [ignored] }, null, 2));
      let live = false;
      for (let i = 0; i < 120 && !live; i++) {
        await page.waitForTimeout(500);
        const now = await rowsNow();
        live = now.some((r) => isRubriqRow(r, kept)) && !now.some((r) => isRubriqRow(r, ignored));
      }
      check(live, `setting rubriq.ignore = ["${ignored}"] removes ${ignored} and keeps ${kept}, live`);
      check(!rubriqLog().includes('restarting the server'),
        'the settings change did not restart the server');
      await page.screenshot({ path: path.join(SHOTS, 'vscode-ignore.png') });
    }

    // 7. An interpreter without Rubriq: the extension restarts on the setting change and offers to install it.
    await palette(page, 'Notifications: Clear All Notifications');
    // Workspace settings, written as a user would save them; the extension sees the change and restarts.
    fs.mkdirSync(path.join(WORKSPACE, '.vscode'), { recursive: true });
    fs.writeFileSync(path.join(WORKSPACE, '.vscode', 'settings.json'),
      JSON.stringify({ 'rubriq.interpreter': env('PYTHON_WITHOUT_RUBRIQ', '/usr/bin/python3') }, null, 2));
    const offer = page.locator('.notifications-toasts .notification-toast', { hasText: 'Rubriq is not installed in' })
      .first();
    const offered = await offer.waitFor({ timeout: 60000 }).then(() => true, () => false);
    const offerText = offered ? await offer.innerText() : '';
    log(`missing interpreter: ${offerText.replace(/\n/g, ' ')}`);
    check(offered && offerText.includes('Install Rubriq in this interpreter'),
      'an interpreter without Rubriq gets the "Install Rubriq in this interpreter" action');
    await page.screenshot({ path: path.join(SHOTS, 'vscode-install.png') });
  } catch (error) {
    failures.push(String(error && error.stack || error));
    console.error(error);
    await page.screenshot({ path: path.join(SHOTS, 'vscode-failure.png') }).catch(() => {});
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  log(failures.length ? `FAIL (${failures.length}): ${failures.join('; ')}` : 'PASS');
  process.exit(failures.length ? 1 : 0);
})();
