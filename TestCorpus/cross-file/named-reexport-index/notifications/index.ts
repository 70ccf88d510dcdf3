export { getPermission } from './permissions';
