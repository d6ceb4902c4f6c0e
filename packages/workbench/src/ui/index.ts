/**
 * The workbench's shared UI kit for built-in plugins (import from '@tezgah/workbench/ui'):
 * hooks into the host and the components every screen uses.
 */
export { useHost, useShell, type Shell } from '../host/HostProvider';
export { Loading } from '../host/Contribution';
export { Slot, useSlotFilled } from './Slot';

export {
  PagedTable,
  nextSort,
  pageWindow,
  stretch,
  SEARCH_DELAY_MS,
  type PagedTableProps,
  type PagedTableColumn,
  type PagedTableQuery,
  type PagedResult,
  type RowAction,
} from './PagedTable/PagedTable';
export { localPage, type LocalPageOptions } from './PagedTable/localPage';
export { Pager } from './Pager/Pager';
export { LineGrid } from './LineGrid/LineGrid';
export { Field, fieldHelpId, type FieldProps } from './form/Field';
export { DateInput, readDisplayDate, maskDisplayDate, type DateInputProps } from './form/DateInput';
export { serverFieldErrors, fieldErrorsFor, isValid, type FieldErrors } from './form/fieldErrors';
export { useConfirm, type Confirm, type ConfirmOptions } from './confirm/useConfirm';
export { useAddRequest } from './useAddRequest';
export { visuallyHidden } from './visuallyHidden';
export { reportFailure, conflictDetail, isRefusal } from './failure';
export { useAuthorityLabels, MANAGEMENT_MODULES } from './authority';
export { CompanyForm, type CompanyFormProps } from './company/CompanyForm';
export { fileNameOf, saveBlob } from './download';
export {
  useApiData,
  useApiQuery,
  useApiList,
  useApiMutation,
  useInvalidate,
  usePrefetch,
  apiKey,
  collectionOf,
  type DataQueryOptions,
  type ApiMutationOptions,
  type ReportFailure,
} from '../data/hooks';
/** The host's QueryClient, for a page that puts a saved answer into the cache (`setQueryData`). */
export { useQueryClient } from '@tanstack/react-query';
