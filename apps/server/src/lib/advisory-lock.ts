// The lock is a query, so it lives in the repository; importers keep this path.
export { LOCK_NAMESPACES, lockForTransaction, type LockNamespace } from './advisory-lock.repository';
