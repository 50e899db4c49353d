// Dates and times have one style app-wide, in Lagos time: the contract's formatter.
export { formatDate, formatDateTime } from '@ruwa/contract/dates';
