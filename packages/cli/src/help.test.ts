import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { discoverPluginModules } from './plugins';
import { createProgram } from './program';
import { run, sink, tempConfigDir } from './testing/fake-server';

let dir: string;
beforeEach(() => {
  dir = tempConfigDir();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** `tezgah ARGS` with only the locale given (none: Turkish); help needs no server. */
const tezgah = (args: string[], locale: Record<string, string> = {}) => run(args, { env: { TEZGAH_CONFIG_DIR: dir, HOME: dir, ...locale } });

/** The help as one line: wrapping at the terminal's width does not matter to the assertions. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** Commander's English words in a help text. */
const COMMANDER_ENGLISH = /\b(Usage|Arguments|Options|Global Options|Commands):|\[options\]|\[command\]|display help|output the version|\((choices|default|preset|env): /;

describe('help in the run\'s language', () => {
  it('tezgah --help in Turkish: headings, descriptions, commander\'s own entries and the exit codes', async () => {
    const r = await tezgah(['--help']);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout.startsWith('Kullanım: tezgah [seçenekler] [komut]\n')).toBe(true);
    const text = flat(r.stdout);
    for (const part of [
      'Komut satırından Tezgah: oturum açma, şirket değiştirme',
      'Seçenekler: -V, --version sürüm numarasını yazar',
      "--json stdout'a makinenin okuyacağı JSON yazar",
      '--lang <lang> çıktının dili (verilmezse yerel ayarınki, o da yoksa tr) (değerler: "tr", "en")',
      '-h, --help komutun yardımını gösterir',
      'Komutlar: login [seçenekler] oturum açar ve oturumu profilde saklar',
      'whoami oturum açan kullanıcıyı ve geçerli şirketi gösterir',
      'audit denetim kaydı (yalnızca yönetim)',
      // The workspace plugins' commands.
      'import ürünleri ya da cari hesapları .csv ya da .xlsx dosyasından içe aktarır',
      'medicines ortak ilaç listesi (yönetim)',
      'edoc e-belgeler (e-Fatura, e-Arşiv, e-İrsaliye)',
      'db veritabanını yedekler ve geri yükler',
      'help [komut] bir komutun yardımını gösterir',
      'Çıkış kodları: 0 tamamlandı; 1 tamamlandı, ama bazı satırlar atlandı',
    ]) {
      expect(text).toContain(part);
    }
    expect(r.stdout).not.toMatch(COMMANDER_ENGLISH);
    for (const english of ['sign in', 'the audit trail', 'Exit codes', 'print machine-readable', 'import products or current accounts']) expect(r.stdout).not.toContain(english);
  });

  it('--lang en (before or after the command) or an English locale: English help', async () => {
    const cases: Array<[string[], Record<string, string>]> = [
      [['--lang', 'en', '--help'], {}],
      [['login', '--help', '--lang=en'], {}],
      [['--help'], { LANG: 'en_US.UTF-8' }],
    ];
    for (const [args, locale] of cases) {
      const r = await tezgah(args, locale);
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.stdout).toMatch(/^Usage: tezgah (login )?\[options\]/);
      expect(flat(r.stdout)).toContain('-h, --help display help for command');
      expect(r.stdout).not.toMatch(/Kullanım|Seçenekler|gösterir|oturum/);
    }
    const top = flat((await tezgah(['--help', '--lang', 'en'])).stdout);
    expect(top).toContain('Commands: login [options] sign in and keep the session in the profile');
    expect(top).toContain('import import products or current accounts from a .csv or .xlsx file');
    expect(top).toContain('Exit codes: 0 all done;');
    // --lang decides over the locale.
    const tr = await tezgah(['--help', '--lang', 'tr'], { LANG: 'en_US.UTF-8' });
    expect(tr.stdout.split('\n')[0]).toBe('Kullanım: tezgah [seçenekler] [komut]');
  });

  it('a subcommand: its arguments, options with their defaults, and the global options', async () => {
    const r = await tezgah(['user', 'list', '--help']);
    expect(r.code).toBe(0);
    const text = flat(r.stdout);
    expect(text).toContain('Kullanım: tezgah user list [seçenekler]');
    expect(text).toContain('geçerli şirketin kullanıcılarını listeler');
    expect(text).toContain("--page <n> sayfa numarası, 1'den başlar (varsayılan: 1)");
    expect(text).toContain('--size <n> sayfa başına satır (1-1000) (varsayılan: 10)');
    expect(text).toContain("Genel seçenekler: -V, --version sürüm numarasını yazar --json stdout'a makinenin okuyacağı JSON yazar");
    expect(r.stdout).not.toMatch(COMMANDER_ENGLISH);
    const switchHelp = flat((await tezgah(['company', 'switch', '--help'])).stdout);
    expect(switchHelp).toContain('Kullanım: tezgah company switch [seçenekler] <id>');
    expect(switchHelp).toContain('Argümanlar: id şirket numarası');
    // `help COMMAND` is the same help.
    const viaHelp = await tezgah(['help', 'company']);
    expect(flat(viaHelp.stdout)).toContain('Komutlar: list şirketlerinizi listeler (* geçerli olanı gösterir) switch <id> şirketlerinizden bir başkasını geçerli şirket yapar');
  });

  it('the accounting plugin: import and import products --help in Turkish, with the columns', async () => {
    const group = await tezgah(['import', '--help']);
    expect(group.code).toBe(0);
    expect(flat(group.stdout)).toContain('products [seçenekler] <file> ürünleri içe aktarır, barkoda göre eşleştirir');
    expect(flat(group.stdout)).toContain('currents [seçenekler] <file> cari hesapları içe aktarır, türe ve vergi numarasına');
    const r = await tezgah(['import', 'products', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Kullanım: tezgah import products [seçenekler] <file>');
    const text = flat(r.stdout);
    expect(text).toContain('Argümanlar: file .csv (; ya da , ile ayrılmış) ya da .xlsx (ilk sayfa); ilk satır sütunların adlarıdır');
    expect(text).toContain('--dry-run her satırı denetler ve sorunları bildirir; hiçbir şey yazmaz');
    expect(text).toMatch(/--batch-size <n> toplu istek başına kayıt \(1-\d+\) \(varsayılan: \d+\)/);
    expect(r.stdout).toContain('Sütunlar (büyük ya da küçük harf, Türkçe harfli ya da harfsiz):');
    expect(r.stdout).toContain('  Ürün Adı (zorunlu): ayrıca Ad, Adı,');
    expect(r.stdout).toContain('Çıkış kodları: 0 tamamlandı, 1 hatalı satırlar atlandı (--skip-invalid)');
    expect(r.stdout).not.toMatch(COMMANDER_ENGLISH);
    expect(r.stdout).not.toMatch(/Columns|\(required\)|: also |Exit codes/);
  });

  it('the pharmacy plugin: medicines import --help in Turkish; a boolean default reads hayır', async () => {
    const r = await tezgah(['medicines', 'import', '--help']);
    expect(r.code).toBe(0);
    const text = flat(r.stdout);
    expect(text).toContain('Kullanım: tezgah medicines import [seçenekler] <file>');
    expect(text).toContain("ortak ilaç listesini TİTCK'nın listesinden (ruhsatlı ürünler ya da referans fiyatlar) günceller");
    expect(text).toContain('--dry-run yalnızca neyin değişeceğini gösterir; hiçbir şey yazmaz (varsayılan: hayır)');
    expect(text).toContain("--max-withdraw <percent> listenin ilaçlarından bir içe aktarmanın çekebileceği en büyük pay (yüzde) (varsayılan: 5)");
    expect(text).toContain('Çıkış kodları: 0 tamamlandı, 1 satırlar atlandı');
    expect(r.stdout).not.toMatch(COMMANDER_ENGLISH);
    const en = flat((await tezgah(['medicines', 'import', '--help', '--lang', 'en'])).stdout);
    expect(en).toContain('--dry-run only show what would change; write nothing (default: false)');
  });

  it("commander's usage errors in Turkish: too many arguments, a missing argument", async () => {
    const extra = await tezgah(['whoami', 'fazla']);
    expect([extra.code, extra.stderr]).toEqual([2, 'hata: fazla değer: 0 beklenirken 1 verildi: fazla.\n']);
    const missing = await tezgah(['company', 'switch']);
    expect([missing.code, missing.stderr]).toEqual([2, "hata: 'id' değeri eksik\n"]);
  });
});

describe('every command has its Turkish texts', () => {
  /** Each command of the tree with its path (`tezgah import products`). */
  const commands = (root: Command): Array<[string, Command]> => {
    const out: Array<[string, Command]> = [];
    const walk = (c: Command, path: string) => {
      out.push([path, c]);
      for (const sub of c.commands) walk(sub, `${path} ${sub.name()}`);
    };
    walk(root, root.name());
    return out;
  };

  it('each description (commands, options, arguments) and each text after a help differs between tr and en', async () => {
    // The workspace's plugins, as the tezgah binary loads them.
    expect(await discoverPluginModules()).toEqual([]);
    const build = (lang: 'tr' | 'en') => {
      const stdout = sink();
      return { stdout, program: createProgram({ stdout, stderr: sink(), env: { TEZGAH_CONFIG_DIR: dir } }, { lang }) };
    };
    const tr = build('tr');
    const en = build('en');
    const trCommands = commands(tr.program);
    const enCommands = commands(en.program);
    expect(trCommands.map(([path]) => path)).toEqual(enCommands.map(([path]) => path));
    for (const path of ['tezgah import products', 'tezgah medicines import', 'tezgah edoc export', 'tezgah invoices repair', 'tezgah db backup', 'tezgah plugin new']) {
      expect(trCommands.map(([p]) => p)).toContain(path);
    }

    /** The help written by outputHelp beyond helpInformation: the texts added after it. */
    const after = (c: Command, out: ReturnType<typeof sink>) => {
      const start = out.text().length;
      c.outputHelp();
      return out.text().slice(start).slice(c.helpInformation().length);
    };
    const untranslated: string[] = [];
    let texts = 0;
    trCommands.forEach(([path, t], i) => {
      const e = enCommands[i]![1];
      const pairs: Array<[string, string, string]> = [
        [path, t.description(), e.description()],
        ...t.options.map((o, j): [string, string, string] => [`${path} ${o.flags}`, o.description, e.options[j]!.description]),
        ...t.registeredArguments.map((a, j): [string, string, string] => [`${path} <${a.name()}>`, a.description, e.registeredArguments[j]!.description]),
        [`${path} (after the help)`, after(t, tr.stdout), after(e, en.stdout)],
      ];
      for (const [where, trText, enText] of pairs) {
        if (where.endsWith('(after the help)') && !enText) continue;
        texts++;
        if (!trText || trText === enText) untranslated.push(where);
      }
      const help = t.helpInformation();
      if (COMMANDER_ENGLISH.test(help)) untranslated.push(`${path}: ${help.match(COMMANDER_ENGLISH)![0]}`);
    });
    expect(untranslated).toEqual([]);
    expect(texts).toBeGreaterThan(80);
  });
});
