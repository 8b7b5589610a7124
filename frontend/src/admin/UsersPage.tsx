import { DefinitionPage } from './DefinitionPage.js';

/** Users: roles, faculty profile, active flag; financial data editable only with its ability. */
export default function UsersPage() {
  return <DefinitionPage path="users" />;
}
