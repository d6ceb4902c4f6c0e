import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';

/**
 * A small ISO Schematron → XSLT 3.0 transpiler for the subset GİB's UBL-TR schematron uses:
 *
 * - `sch:include href="file#id"`: the element with that id in that file takes the include's place;
 * - `sch:ns prefix uri`: namespace declarations of the generated stylesheet;
 * - `sch:let` at schema or pattern level: a global `xsl:variable` (GİB's code lists are pattern
 *   lets read by rules of other patterns, so they must be global); a let inside a rule: a local
 *   variable. A let named in `params` (GİB's `type`: efatura / earchive) becomes an `xsl:param`
 *   whose default is the let's own expression;
 * - `sch:pattern` with `sch:rule context`: one XSLT mode per pattern; each rule a template in
 *   that mode, earlier rules with a higher priority, so (as ISO Schematron says) a node is checked
 *   by the first rule of a pattern whose context it matches, and every node is visited.
 *   Rules written outside any pattern (GİB's "General Rules") form one more pattern;
 * - `sch:rule abstract="true" id` and `sch:extends rule`: the abstract rule's lets, asserts and
 *   reports copied into the extending rule;
 * - `sch:assert test` / `sch:report test` with text, `sch:value-of select` and `sch:name`.
 *
 * The stylesheet writes one `<f rule pattern test loc kind>message</f>` per failed assert / fired
 * report under a `<r>` root. Nothing of the rules is copied by hand: the schematron files drive
 * everything; {@link transpileSchematron} is pure and deterministic (so its output can be hashed
 * and a precompiled SEF checked against it).
 */

type XNode = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  trimValues: false,
  processEntities: true,
  parseTagValue: false,
  parseAttributeValue: false,
  commentPropName: '#comment',
});

const local = (tag: string) => tag.slice(tag.indexOf(':') + 1);
const tagOf = (n: XNode) => Object.keys(n).find((k) => k !== ':@') ?? '';
const attrs = (n: XNode) => (n[':@'] ?? {}) as Record<string, string>;
const kids = (n: XNode) => {
  const v = n[tagOf(n)];
  return Array.isArray(v) ? (v as XNode[]) : [];
};
const isEl = (n: XNode, name: string) => {
  const t = tagOf(n);
  return !t.startsWith('#') && local(t) === name;
};

function escAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/>/g, '&gt;');
}
function escText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export interface SchematronSources {
  /** file name → file text (the main file and every file it includes) */
  files: Record<string, string>;
  main: string;
  /** further schemas (same subset) whose patterns, lets and ns are added to the main one's */
  extra?: string[];
  /** lets that become stylesheet parameters */
  params?: string[];
}

function loadRoot(text: string): XNode {
  const doc = parser.parse(text) as XNode[];
  const root = doc.find((n) => isEl(n, 'schema'));
  if (!root) throw new Error('not a schematron schema');
  return root;
}

function findById(n: XNode, id: string): XNode | null {
  if (attrs(n).id === id) return n;
  for (const k of kids(n)) {
    if (tagOf(k).startsWith('#')) continue;
    const f = findById(k, id);
    if (f) return f;
  }
  return null;
}

/** The schema's children with every include replaced (recursively) by what it points at. */
function expandIncludes(children: XNode[], src: SchematronSources, depth = 0): XNode[] {
  if (depth > 10) throw new Error('schematron include depth exceeded');
  const out: XNode[] = [];
  for (const c of children) {
    if (isEl(c, 'include')) {
      const href = attrs(c).href ?? '';
      const [file, frag] = href.split('#') as [string, string | undefined];
      const text = src.files[file];
      if (text === undefined) throw new Error(`schematron include not found: ${href}`);
      const root = loadRoot(text);
      if (frag) {
        const el = findById(root, frag);
        if (!el) throw new Error(`schematron include fragment not found: ${href}`);
        out.push(...expandIncludes([el], src, depth + 1));
      } else {
        out.push(...expandIncludes(kids(root), src, depth + 1));
      }
    } else if (isEl(c, 'pattern')) {
      out.push({ ...c, [tagOf(c)]: expandIncludes(kids(c), src, depth + 1) });
    } else {
      out.push(c);
    }
  }
  return out;
}

/** An assert's / report's message as XSLT instructions. */
function messageXslt(n: XNode): string {
  let s = '';
  for (const k of kids(n)) {
    const t = tagOf(k);
    if (t === '#text') s += `<xsl:text>${escText(String(k[t]).replace(/\s+/g, ' '))}</xsl:text>`;
    else if (t === '#comment') continue;
    else if (local(t) === 'value-of') s += `<xsl:value-of select="${escAttr(attrs(k).select ?? '.')}"/>`;
    else if (local(t) === 'name') s += `<xsl:value-of select="name(${attrs(k).path ? escAttr(attrs(k).path!) : ''})"/>`;
    else s += messageXslt(k);
  }
  return s;
}

export function transpileSchematron(src: SchematronSources): string {
  const params = new Set(src.params ?? []);
  const items = [src.main, ...(src.extra ?? [])].flatMap((f) => {
    const text = src.files[f];
    if (text === undefined) throw new Error(`schematron file not given: ${f}`);
    return expandIncludes(kids(loadRoot(text)), src);
  });

  const ns: [string, string][] = [];
  const globals: string[] = [];
  const abstracts = new Map<string, XNode>();
  const patterns: { id: string; rules: XNode[] }[] = [];
  const stray: XNode[] = [];

  const letXslt = (l: XNode, global: boolean) => {
    const a = attrs(l);
    const name = a.name!;
    if (global && params.has(name)) return `<xsl:param name="${escAttr(name)}" select="${escAttr(a.value ?? "''")}"/>`;
    return `<xsl:variable name="${escAttr(name)}" select="${escAttr(a.value ?? "''")}"/>`;
  };

  for (const it of items) {
    if (isEl(it, 'ns')) {
      if (!ns.some(([p]) => p === attrs(it).prefix)) ns.push([attrs(it).prefix!, attrs(it).uri!]);
    }
    else if (isEl(it, 'let')) globals.push(letXslt(it, true));
    else if (isEl(it, 'rule')) stray.push(it);
    else if (isEl(it, 'pattern')) {
      const rules: XNode[] = [];
      for (const r of kids(it)) {
        if (isEl(r, 'let')) globals.push(letXslt(r, true));
        else if (isEl(r, 'rule')) {
          if (attrs(r).abstract === 'true') abstracts.set(attrs(r).id!, r);
          else rules.push(r);
        }
      }
      if (rules.length) patterns.push({ id: attrs(it).id ?? `p${patterns.length + 1}`, rules });
    }
  }
  if (stray.length) patterns.push({ id: 'general', rules: stray });

  /** a rule's checks (lets, asserts, reports), extends resolved; each check tagged with the rule id it came from */
  const checks = (rule: XNode, seen: string[] = []): { node: XNode; from: string }[] => {
    const out: { node: XNode; from: string }[] = [];
    const id = attrs(rule).id ?? attrs(rule).context ?? '';
    for (const k of kids(rule)) {
      if (isEl(k, 'extends')) {
        const ref = attrs(k).rule!;
        const abs = abstracts.get(ref);
        if (!abs) throw new Error(`schematron abstract rule not found: ${ref}`);
        if (seen.includes(ref)) throw new Error(`schematron extends cycle at ${ref}`);
        out.push(...checks(abs, [...seen, ref]));
      } else if (isEl(k, 'assert') || isEl(k, 'report') || isEl(k, 'let')) {
        out.push({ node: k, from: id });
      }
    }
    return out;
  };

  const parts: string[] = [];
  parts.push('<?xml version="1.0" encoding="UTF-8"?>');
  parts.push(
    `<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:err="http://www.w3.org/2005/xqt-errors"` +
      ns.map(([p, u]) => ` xmlns:${p}="${escAttr(u)}"`).join('') +
      ` exclude-result-prefixes="#all">`,
  );
  parts.push('<xsl:output method="xml" indent="no"/>');
  parts.push(...globals);
  parts.push('<xsl:template match="/"><r>');
  patterns.forEach((_, i) => parts.push(`<xsl:apply-templates select="." mode="m${i}"/>`));
  parts.push('</r></xsl:template>');

  patterns.forEach((p, i) => {
    const mode = `m${i}`;
    p.rules.forEach((rule, j) => {
      const ctx = attrs(rule).context!;
      const prio = 1000 - j;
      let body = '';
      for (const { node, from } of checks(rule)) {
        if (isEl(node, 'let')) {
          body += letXslt(node, false);
          continue;
        }
        const test = attrs(node).test!;
        const isAssert = isEl(node, 'assert');
        const cond = isAssert ? `not(${test})` : `${test}`;
        const head = `rule="${escAttr(from)}" pattern="${escAttr(p.id)}" test="${escAttr(test)}"`;
        // xsl:try: a test that raises a dynamic error on some document (GİB's tests call string()
        // on paths that may select two nodes) is reported as such instead of aborting the run.
        body +=
          `<xsl:try><xsl:if test="${escAttr(cond)}"><f ${head} kind="${isAssert ? 'assert' : 'report'}">` +
          `<xsl:attribute name="loc" select="path()"/>` +
          messageXslt(node) +
          '</f></xsl:if>' +
          `<xsl:catch><f ${head} kind="error"><xsl:attribute name="loc" select="path()"/><xsl:value-of select="$err:description"/></f></xsl:catch></xsl:try>`;
      }
      parts.push(
        `<xsl:template match="${escAttr(ctx)}" mode="${mode}" priority="${prio}">${body}<xsl:apply-templates select="@*|*" mode="${mode}"/></xsl:template>`,
      );
    });
    parts.push(`<xsl:template match="@*|node()" mode="${mode}" priority="-10"><xsl:apply-templates select="@*|*" mode="${mode}"/></xsl:template>`);
  });
  parts.push('</xsl:stylesheet>');
  return parts.join('\n');
}

export function sha256(s: string): string {
  return createHash('sha256').update(s).digest('hex');
}

/**
 * GİB's schematron as shipped under resources/ubl-tr/schematron, transpiled, together with
 * Tezgah's own rules (tezgah-rules.sch next to this file: what the product requires beyond GİB,
 * e.g. the customer's tax office; rule ids TZG_*), in one stylesheet so one pass checks both.
 */
export function gibSchematronXslt(resourceDir: URL): string {
  const dir = new URL('schematron/', resourceDir);
  const read = (f: string) => readFileSync(new URL(f, dir), 'utf8');
  return transpileSchematron({
    main: 'UBL-TR_Main_Schematron.xml',
    extra: ['tezgah-rules.sch'],
    files: {
      'UBL-TR_Main_Schematron.xml': read('UBL-TR_Main_Schematron.xml'),
      'UBL-TR_Common_Schematron.xml': read('UBL-TR_Common_Schematron.xml'),
      'UBL-TR_Codelist.xml': read('UBL-TR_Codelist.xml'),
      'tezgah-rules.sch': readFileSync(new URL('./tezgah-rules.sch', import.meta.url), 'utf8'),
    },
    params: ['type'],
  });
}
