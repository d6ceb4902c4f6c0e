import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { UsageError } from './errors';
import { Prompter, readAll, readHidden, stripFinalNewline } from './prompt';
import { fakeTty, sink } from './testing/fake-server';

describe('readHidden', () => {
  it('reads a TTY line in raw mode without echo, with backspace', async () => {
    const stdin = fakeTty();
    const stderr = sink(true);
    const answer = readHidden({ stdin, stderr }, 'Password: ');
    stdin.write('demo12');
    stdin.write('3x\u007f4');
    stdin.write('\r');
    await expect(answer).resolves.toBe('demo1234');
    expect(stderr.text()).toBe('Password: \n');
    expect(stdin.rawModes).toEqual([true, false]);
  });

  it('Ctrl-C cancels', async () => {
    const stdin = fakeTty();
    const answer = readHidden({ stdin, stderr: sink(true) }, 'Password: ');
    stdin.write('ab\u0003');
    await expect(answer).rejects.toBeInstanceOf(UsageError);
    expect(stdin.isRaw).toBe(false);
  });
});

describe('Prompter on a pipe', () => {
  it('takes one line per question, with defaults for empty answers', async () => {
    const stderr = sink();
    const p = new Prompter({ stdin: Readable.from(['http://x\n', '\nsecret\n']), stderr });
    expect(await p.ask('Server URL')).toBe('http://x');
    expect(await p.ask('Username', 'eczaci')).toBe('eczaci');
    expect(await p.askHidden('Password')).toBe('secret');
    await expect(p.ask('More')).rejects.toThrow('no answer for "More"');
    p.close();
    expect(stderr.text()).toContain('Username [eczaci]: ');
  });
});

describe('readAll', () => {
  it('reads the whole stream; stripFinalNewline drops one line break', async () => {
    expect(await readAll(Readable.from([Buffer.from('pass'), 'word\r\n']))).toBe('password\r\n');
    expect(stripFinalNewline('password\r\n')).toBe('password');
    expect(stripFinalNewline('pass\n\n')).toBe('pass\n');
    expect(stripFinalNewline('pass')).toBe('pass');
  });
});
