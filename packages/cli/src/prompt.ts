/**
 * Questions on the terminal. On a TTY the answer is typed (the password without echo); when
 * stdin is a pipe, each question takes the next line, so `printf 'url\nuser\npass\n' | tezgah login`
 * works too. Questions go to stderr, so stdout stays clean for `--json`.
 */
import { createInterface, type Interface } from 'node:readline';
import type { CliIo } from './io';
import { UsageError } from './errors';
import type { Lang } from './i18n';

const MESSAGES = {
  tr: { cancelled: 'vazgeçildi', noAnswer: (q: string) => `standart girdide "${q}" için yanıt yok` },
  en: { cancelled: 'cancelled', noAnswer: (q: string) => `no answer for "${q}" on standard input` },
} satisfies Record<Lang, unknown>;

/** Reads all of stdin (for `--password-stdin`). */
export async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  return text;
}

/** Removes the line break a shell adds at the end (`echo pw | tezgah login ...`). */
export function stripFinalNewline(text: string): string {
  return text.replace(/\r?\n$/, '');
}

/**
 * Reads a line on a TTY in raw mode without echoing it. Backspace deletes, Enter finishes,
 * Ctrl-C or Ctrl-D on an empty line cancels.
 */
export function readHidden(io: Pick<CliIo, 'stdin' | 'stderr'>, question: string, lang: Lang = 'en'): Promise<string> {
  const { stdin, stderr } = io;
  stderr.write(question);
  return new Promise((resolve, reject) => {
    let value = '';
    const wasRaw = stdin.isRaw ?? false;
    stdin.setRawMode?.(true);
    const finish = () => {
      stdin.removeListener('data', onData);
      stdin.setRawMode?.(wasRaw);
      stdin.pause();
      stderr.write('\n');
    };
    const onData = (chunk: string | Buffer) => {
      for (const ch of typeof chunk === 'string' ? chunk : chunk.toString('utf8')) {
        if (ch === '\r' || ch === '\n') {
          finish();
          resolve(value);
          return;
        }
        if (ch === '\u0003' || (ch === '\u0004' && value === '')) {
          finish();
          reject(new UsageError(MESSAGES[lang].cancelled));
          return;
        }
        if (ch === '\u007f' || ch === '\b') value = Array.from(value).slice(0, -1).join('');
        else if (ch >= ' ') value += ch;
      }
    };
    stdin.on('data', onData);
    stdin.resume();
  });
}

/** Asks questions on the CLI's stdin/stderr. Call `close()` when done. */
export class Prompter {
  private lines: AsyncIterator<string> | undefined;
  private reader: Interface | undefined;

  constructor(
    private readonly io: Pick<CliIo, 'stdin' | 'stderr'>,
    private readonly lang: Lang = 'en',
  ) {}

  get interactive(): boolean {
    return this.io.stdin.isTTY === true;
  }

  /** Asks for a visible answer; `fallback` is used when the answer is empty. */
  async ask(question: string, fallback?: string): Promise<string> {
    const label = fallback ? `${question} [${fallback}]: ` : `${question}: `;
    const answer = this.interactive ? await this.askTty(label) : await this.nextLine(label, question);
    return answer.trim() || fallback || '';
  }

  /** Asks without echo on a TTY; from a pipe, takes the next line. */
  async askHidden(question: string): Promise<string> {
    if (this.interactive) return readHidden(this.io, `${question}: `, this.lang);
    return this.nextLine(`${question}: `, question);
  }

  close(): void {
    this.reader?.close();
    this.reader = undefined;
    this.lines = undefined;
  }

  private askTty(label: string): Promise<string> {
    const rl = createInterface({ input: this.io.stdin, output: this.io.stderr as NodeJS.WritableStream, terminal: true });
    return new Promise<string>((resolve) => {
      rl.question(label, (answer) => {
        rl.close();
        resolve(answer);
      });
    });
  }

  private async nextLine(label: string, question: string): Promise<string> {
    this.io.stderr.write(label);
    if (!this.lines) {
      this.reader = createInterface({ input: this.io.stdin, terminal: false, crlfDelay: Infinity });
      this.lines = this.reader[Symbol.asyncIterator]();
    }
    const next = await this.lines.next();
    this.io.stderr.write('\n');
    if (next.done) throw new UsageError(MESSAGES[this.lang].noAnswer(question));
    return next.value;
  }
}
