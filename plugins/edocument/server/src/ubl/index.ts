/**
 * UBL-TR core of the e-document plugin: build e-Fatura / e-Arşiv / e-İrsaliye / uygulama yanıtı
 * XML, validate it in process (GİB XSDs with xmllint-wasm, GİB schematron with SaxonJS), parse
 * incoming UBL-TR, and render HTML (GİB display XSLTs) and PDF views.
 */
export type {
  UblParty,
  UblTax,
  UblLine,
  UblProfile,
  UblInvoiceType,
  UblInvoiceInput,
  UblDespatchInput,
  UblApplicationResponseInput,
  ValidationIssue,
  ParsedParty,
  ParsedLine,
  ParsedUbl,
} from './types';
export { buildInvoice, buildDespatch, buildApplicationResponse, invoiceTotals, UblBuildError, ALLOWED_TYPES, SIGNATURE_PLACEHOLDER_NS } from './builder';
export { validateUbl, validateXsd, validateXsdMany, validateSchematron } from './validate';
export { parseUbl, UblParseError } from './parse';
export { renderHtml, renderPdf } from './render';
export { amountInWords } from './words';
export { TAX_SCHEMES } from './tax-codes';
