import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Writes a tiny outside plugin package into a new temp folder, as a third party ships one
 * (docs/plugins.md, plugins as packages): a package.json with its `tezgah` manifest, a server
 * entry in plain JavaScript, a contract fragment under /plugins/acme-notes/ and a migration that
 * makes its table (in its own schema, plugin_acme_notes). Returns the project folder; the package
 * is `node_modules/@acme/tezgah-notes` in it. `edit` may change the files before they are written.
 */
export function writeOutsidePlugin(edit: (files: Record<string, string>) => void = () => {}): { root: string; dir: string } {
  const root = mkdtempSync(join(tmpdir(), 'tezgah-outside-'));
  const dir = join(root, 'node_modules', '@acme', 'tezgah-notes');
  const files: Record<string, string> = {
    'package.json': JSON.stringify({
      name: '@acme/tezgah-notes',
      version: '1.0.0',
      type: 'module',
      tezgah: { id: 'acme-notes', server: './dist/server/index.js', contract: './contract/openapi.yaml' },
    }),
    'dist/server/index.js': `import { fileURLToPath } from 'node:url';
const NOTES = 'plugin_acme_notes.notes';
export default {
  id: 'acme-notes',
  migrations: { owner: 'acme-notes', dir: fileURLToPath(new URL('../../migrations', import.meta.url)) },
  handlers: {
    async acmeNotesList(ctx) {
      const items = await ctx.trx.selectFrom(NOTES).select(['id', 'text']).where('company_id', '=', ctx.auth.companyId).orderBy('id').execute();
      return { items };
    },
    async acmeNotesCreate(ctx) {
      return ctx.trx.insertInto(NOTES).values({ company_id: ctx.auth.companyId, text: ctx.body.text }).returning(['id', 'text']).executeTakeFirstOrThrow();
    },
  },
};
`,
    'migrations/20200101000000-notes.sql': 'create table notes (id serial primary key, company_id bigint not null, text text not null);\n',
    'contract/openapi.yaml': `paths:
  /plugins/acme-notes/notes:
    get:
      operationId: acmeNotesList
      tags: [acme-notes]
      summary: The company's notes
      responses:
        '200':
          description: The notes
          content:
            application/json:
              schema:
                type: object
                required: [items]
                properties:
                  items: { type: array, items: { $ref: '#/components/schemas/AcmeNote' } }
    post:
      operationId: acmeNotesCreate
      tags: [acme-notes]
      summary: Adds a note
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              additionalProperties: false
              required: [text]
              properties:
                text: { type: string, minLength: 1, maxLength: 200 }
      responses:
        '200':
          description: The note
          content:
            application/json:
              schema: { $ref: '#/components/schemas/AcmeNote' }
components:
  schemas:
    AcmeNote:
      type: object
      required: [id, text]
      properties:
        id: { type: integer }
        text: { type: string }
`,
  };
  edit(files);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return { root, dir };
}
