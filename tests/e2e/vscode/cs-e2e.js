// Drives real VS Code (code-server) in Debian's headless Chromium with the Rubriq extension installed from its
// .vsix: open a fixture .out, wait for the model pass named in the code lens, check each finding is listed once and
// the status is idle, hover the finding, apply its repair from a quick-fix menu of at most five entries (the .prompt
// opens beside it with the insert selected) and see it not offered twice, open the profile from the lens, run
// "Rubriq: Run SQB on folder" (progress, then the HTML report in a webview), change a setting live, and point the
// extension at a Python without Rubriq.
// Screenshots go to $SCREENSHOTS. Exit 0 only when every step passed.
// Env: CS_URL, WORKSPACE, USER_DATA, PAIR, EXPECT (codes), FIX_CODE, EXPECTED_REPAIRS, SCREENSHOTS,
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

    // The model pass: the code lens at the top of the .out names the faithfulness score once it ran.
    const lensText = () => page.locator('.editor-instance .codelens-decoration').allInnerTexts()
      .then((texts) => texts.join(' | '), () => '');
    let lens = '';
    for (let i = 0; i < 480 && !/Faithfulness \d\.\d\d/.test(lens); i++) {
      await page.waitForTimeout(500);
      lens = await lensText();
    }
    log(`code lens: ${lens}`);
    check(/Faithfulness \d\.\d\d/.test(lens), 'the code lens names the faithfulness score after the model pass');
    check(lens.split(' | ').every((t) => t.length <= 80), 'the code lens fits 80 columns');

    // 2. Problems rows with Rubriq's codes (wait until every expected code is listed), each finding once.
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
    const rubriqRows = rows.filter((r) => r.split('\n').map((c) => c.trim()).includes('rubriq'));
    check(new Set(rubriqRows).size === rubriqRows.length, 'no finding is listed twice in the Problems view');
    check(!rows.some((r) => r.includes('Rubriq will check')), 'no second, code-less copy of the prompt constraints');
    check(!rubriqRows.some((r) => r.includes('CN001')), 'the length constraint absorbed CN001 (one entry per problem)');
    await page.screenshot({ path: path.join(SHOTS, 'vscode-problems.png') });

    // Language status after the pass: idle (no spinner), the models ready.
    await page.locator('#status\\.languageStatus').first().click().catch(() => {});
    const statusHover = page.locator('.monaco-hover:not(.hidden)', { hasText: 'Rubriq' }).first();
    const statusShown = await statusHover.waitFor({ timeout: 15000 }).then(() => true, () => false);
    const statusText = statusShown ? await statusHover.innerText() : '';
    log(`language status: ${statusText.replace(/\n/g, ' / ')}`);
    check(statusShown && !/checking/.test(statusText), 'the language status is idle after the pass');
    const spinning = await page.locator('#status\\.languageStatus .codicon-sync.codicon-modifier-spin').count();
    check(spinning === 0, 'no spinner in the status bar after the pass');
    await page.keyboard.press('Escape');

    // The status view: a quick pick of labelled rows, not JSON.
    await palette(page, 'Rubriq: Show status');
    const pickRows = page.locator('.quick-input-list .monaco-list-row');
    await pickRows.first().waitFor({ timeout: 20000 }).catch(() => {});
    const statusRows = await pickRows.allInnerTexts();
    log(`status view: ${statusRows.map((r) => r.replace(/\n/g, ' ')).join(' | ')}`);
    check(statusRows.some((r) => r.startsWith('Models')) && !statusRows.some((r) => r.includes('{"')),
      'Show status lists labelled rows (models, caches, last pass)');
    await page.screenshot({ path: path.join(SHOTS, 'vscode-status.png') });
    await page.keyboard.press('Escape');

    // 3. Go to the diagnostic from its Problems row, show the editor hover there: the finding first, short.
    async function toDiagnostic() {
      await page.keyboard.press('Control+Shift+M');
      await page.locator('.markers-panel .monaco-list-row').filter({ hasText: FIX_CODE })
        .filter({ hasText: 'rubriq' }).first().click();
      await page.waitForTimeout(300);
      await palette(page, 'View: Focus Active Editor Group');
      await page.waitForTimeout(300);
      await page.keyboard.press('ArrowLeft'); // the selection is the diagnostic's range: go to its start
    }
    await toDiagnostic();
    await page.keyboard.press('Control+K');
    await page.keyboard.press('Control+I');
    const hover = page.locator('.monaco-editor .monaco-hover:not(.hidden)').first();
    // Rubriq's part of the hover (VS Code adds its own rows for the problems at that place).
    const ours = async () => (await hover.locator('.markdown-hover, .hover-contents').allInnerTexts()
      .catch(() => [])).filter((t) => t.includes('rule page')).sort((a, b) => a.length - b.length)[0] || '';
    let hoverText = '';
    for (let i = 0; i < 40; i++) {
      hoverText = await ours();
      if (hoverText.includes(FIX_CODE)) break;
      await page.waitForTimeout(250);
    }
    log(`hover (${hoverText.length} characters): ${hoverText.slice(0, 400).replace(/\n/g, ' / ')}`);
    check(hoverText.includes(FIX_CODE), `hover names ${FIX_CODE}`);
    check(/^[A-Z]{2}\d{3} /.test(hoverText.trim()), 'the hover starts with the finding under the cursor');
    check(hoverText.includes('rule page'), 'the hover links the rule page');
    check(hoverText.length <= 1200 && hoverText.split('\n').length <= 20, 'the hover fits a 20-line float');
    await page.screenshot({ path: path.join(SHOTS, 'vscode-hover-overlap.png') });
    await page.keyboard.press('Escape');
    // The hover where one finding stands alone (the document-level readability finding, on the first word).
    await page.keyboard.press('Control+G');
    await page.locator('.quick-input-widget input').waitFor({ state: 'visible', timeout: 10000 }).catch(() => {});
    await page.keyboard.type(':1:2');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
    await page.keyboard.press('Control+K');
    await page.keyboard.press('Control+I');
    await hover.waitFor({ timeout: 10000 }).catch(() => {});
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(SHOTS, 'vscode-hover.png') });
    await page.keyboard.press('Escape');
    await toDiagnostic();

    // 4. Quick fix at the diagnostic: at most five entries, each naming its code; the repair opens the .prompt
    // beside the output with the inserted text selected.
    const promptPath = path.join(WORKSPACE, `${PAIR}.prompt`);
    const before = fs.readFileSync(promptPath, 'utf8');
    const menuRows = '.action-widget .monaco-list-row.action';
    async function openQuickFix() {
      await page.keyboard.press('Control+.');
      await page.locator(menuRows).first().waitFor({ state: 'visible', timeout: 20000 }).catch(() => {});
      await page.waitForTimeout(500);
      return (await page.locator(menuRows).allInnerTexts()).map((t) => t.replace(/\n/g, ' ').trim());
    }
    const titles = await openQuickFix();
    log(`code actions: ${titles.join(' | ')}`);
    await page.screenshot({ path: path.join(SHOTS, 'vscode-quickfix.png') });
    const repairTitle = titles.find((t) => /^Insert repair prompt for (?!another)/.test(t));
    check(titles.length > 0 && titles.length <= 5, `at most five quick fixes (${titles.length})`);
    check(titles.every((t) => /[A-Z]{2}\d{3}/.test(t)), 'every quick fix names its rule code');
    if (check(repairTitle === titles[0], 'the first quick fix is the repair of the finding under the cursor')) {
      // Choose with the keyboard, as a user does: the widget's pointer block swallows synthetic clicks.
      const focused = page.locator('.action-widget .monaco-list-row.focused');
      for (let i = 0; i < 15 && !(await focused.innerText()).startsWith('Insert repair prompt for '); i++) {
        await page.keyboard.press('ArrowDown');
      }
      log(`applying: ${await focused.innerText()}`);
      await page.keyboard.press('Enter');
      const beside = page.locator('.editor-group-container .tab.active', { hasText: `${PAIR}.prompt` });
      const shown = await beside.first().waitFor({ timeout: 20000 }).then(() => true, () => false);
      const groups = await page.locator('.editor-group-container').count();
      const selected = await page.locator('.editor-group-container.active .monaco-editor .selected-text').count();
      check(shown && groups >= 2, `${PAIR}.prompt opens beside the output (${groups} editor groups)`);
      check(selected > 0, 'the inserted repair is selected');
      await page.waitForTimeout(800);
      await page.screenshot({ path: path.join(SHOTS, 'vscode-repair.png') });
      await palette(page, 'File: Save All');
      let after = before;
      for (let i = 0; i < 40 && after === before; i++) {
        await page.waitForTimeout(250);
        after = fs.readFileSync(promptPath, 'utf8');
      }
      // The saved prompt is the original with one finding's repair applied, as the repair library writes it.
      const expected = JSON.parse(fs.readFileSync(env('EXPECTED_REPAIRS'), 'utf8'));
      check(after !== before, `${PAIR}.prompt changed`);
      check(expected.some((text) => text.trimEnd() === after.trimEnd()),
        `${PAIR}.prompt equals the prompt with the repair applied (${expected.length} candidates)`);
      fs.writeFileSync(path.join(SHOTS, '..', 'vscode-repair.diff.txt'), after);

      // The same quick fix again, once the model pass for the edited prompt is in: shown, not inserted twice.
      await page.locator('.editor-group-container .tab', { hasText: `${PAIR}.out` }).first().click();
      lens = '';
      for (let i = 0; i < 480 && !/Faithfulness \d\.\d\d/.test(lens); i++) {
        await page.waitForTimeout(500);
        lens = await lensText();
      }
      await page.waitForTimeout(1500);
      await toDiagnostic();
      const again = await openQuickFix();
      log(`code actions again: ${again.join(' | ')}`);
      check(!again.includes(repairTitle), 'the repair is not offered for insertion a second time');
      check(again.some((t) => t.startsWith('Show the ') && t.includes('already in the prompt')),
        'the repair already in the prompt is offered to be shown instead');
      // "Show documentation for CODE" opens the rule's page (rendered), never a website.
      const focusedAgain = page.locator('.action-widget .monaco-list-row.focused');
      for (let i = 0; i < 10 && !(await focusedAgain.innerText()).startsWith('Show documentation for '); i++) {
        await page.keyboard.press('ArrowDown');
      }
      const docsTitle = await focusedAgain.innerText();
      await page.keyboard.press('Enter');
      const docsCode = (docsTitle.match(/[A-Z]{2}\d{3}/) || [''])[0];
      const docsTab = page.locator('.tab', { hasText: `${docsCode}.md` }).first();
      check(await docsTab.waitFor({ timeout: 20000 }).then(() => true, () => false),
        `"${docsTitle.trim()}" opens the rule page`);
      await page.waitForTimeout(800);
      await page.screenshot({ path: path.join(SHOTS, 'vscode-rule-page.png') });
      check(fs.readFileSync(promptPath, 'utf8') === after, 'the prompt holds one copy of the repair');
    }

    // 5. Clicking the code lens opens the whole profile.
    await page.locator('.editor-group-container .tab', { hasText: `${PAIR}.out` }).first().click();
    await page.locator('.editor-instance .codelens-decoration a', { hasText: 'Faithfulness' }).first().click()
      .catch(() => {});
    const profileTab = page.locator('.tab', { hasText: `Rubriq profile: ${PAIR}` }).first();
    check(await profileTab.waitFor({ timeout: 20000 }).then(() => true, () => false),
      'clicking the code lens opens the profile');

    // 6. Run SQB on folder from the palette; pick the fixture suite folder: progress, then the HTML report.
    await palette(page, 'Rubriq: Run SQB on folder');
    const suite = path.join(WORKSPACE, 'sqb');
    const pick = page.locator('.quick-input-list .monaco-list-row', { hasText: suite }).first();
    const listed = await pick.waitFor({ timeout: 60000 }).then(() => true, () => false);
    if (!listed) {
      log(`quick pick rows: ${(await page.locator('.quick-input-list .monaco-list-row').allInnerTexts()).join(' | ')}`);
    }
    if (check(listed, 'SQB folder pick lists the suite')) {
      await page.locator('.quick-input-widget input').fill(suite);
      await page.waitForTimeout(300);
      await page.keyboard.press('Enter');
      const progress = page.locator('.notifications-toasts .notification-toast', { hasText: /Rubriq SQB/ }).first();
      let progressText = '';
      for (let i = 0; i < 480; i++) {
        progressText = await progress.innerText().catch(() => '');
        if (/\(\d+ of \d+\)/.test(progressText) || /improve/.test(progressText)) break;
        await page.waitForTimeout(250);
      }
      log(`SQB progress: ${progressText.replace(/\n/g, ' ')}`);
      const reportTab = page.locator('.tab', { hasText: 'Rubriq SQB report' }).first();
      const reported = await reportTab.waitFor({ timeout: 240000 }).then(() => true, () => false);
      const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'Rubriq SQB:' }).first();
      const text = await toast.innerText().catch(() => '');
      log(`SQB: ${text.replace(/\n/g, ' ')}`);
      check(/\(\d+ of \d+\)/.test(progressText) || text.includes('contenders'), 'SQB progress names the case and contender');
      check(reported, 'the SQB HTML report opens in a webview');
      check(text.includes('contenders against their baseline') && text.includes('Open in browser'),
        'the SQB toast gives the outcome and offers the report');
      check(!/\/\S+\.(md|json|html)/.test(text), 'no file paths in the SQB toast');
      await page.waitForTimeout(1500);
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
