/**
 * @tezgah/sdk: the typed Tezgah API client.
 *
 * - `createClient` (openapi-fetch over the generated contract types, with the session middleware),
 * - `makeTezgahApi` / `TezgahApi` (Effect), `makeTezgahPromiseApi` / `createTezgahApi` (Promises),
 *   with named calls for every area (`api.currents.list()`, `api.invoices.create(body)`, ...),
 * - the contract's schemas as named types (`Current`, `InvoiceFields`, ...),
 * - one tagged error class per failure (`Unauthorized`, `ValidationFailed`, ...),
 * - token stores for the browser (`cookieTokenStore`) and memory; the file store is in `@tezgah/sdk/node`.
 */
import type { components } from './generated/api';

export type { paths, components, operations } from './generated/api';

export * from './client';
export * from './errors';
export * from './effect';
export * from './promise';
// Named schema types of every area (`Current`, `InvoiceFields`, ...) and the generated resources' types.
export * from './generated/schemas';
export type { GeneratedResources } from './generated/resources';
export type { CallInit, ItemOf, MultipartBody, OpAnswer, OpBody, OperationSpec, OpPath, OpQuery } from './operations';

type Schemas = components['schemas'];

export type Account = Schemas['Account'];
export type Authority = Schemas['Authority'];
export type AuthorityCode = Schemas['AuthorityCode'];
export type AuthorityCatalogue = Schemas['AuthorityCatalogue'];
export type AuditEvent = Schemas['AuditEvent'];
export type Availability = Schemas['Availability'];
export type Accepted = Schemas['Accepted'];
export type Company = Schemas['Company'];
export type CompanyCreate = Schemas['CompanyCreate'];
export type CompanyUpdate = Schemas['CompanyUpdate'];
export type CompanyMember = Schemas['CompanyMember'];
export type CompanyProfile = Schemas['CompanyProfile'];
export type CurrentCompany = Schemas['CurrentCompany'];
export type KeyAndPassword = Schemas['KeyAndPassword'];
export type OutboxMessage = Schemas['OutboxMessage'];
export type RegisterInfo = Schemas['RegisterInfo'];
export type Role = Schemas['Role'];
export type RoleCreate = Schemas['RoleCreate'];
export type RoleUpdate = Schemas['RoleUpdate'];
export type RoleRef = Schemas['RoleRef'];
export type Sector = Schemas['Sector'];
export type Token = Schemas['Token'];
export type User = Schemas['User'];
export type UserBrief = Schemas['UserBrief'];
export type UserCompany = Schemas['UserCompany'];
export type UserCreate = Schemas['UserCreate'];
export type UserUpdate = Schemas['UserUpdate'];
export type LangKey = Schemas['LangKey'];
export type CompanyType = Schemas['CompanyType'];
export type ErpType = Schemas['ErpType'];
