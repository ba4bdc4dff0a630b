// The members module as other modules see it: its routes, the member service (sign-in, the
// checkout's registration, guest accounts and addresses) and the member's part of the app props.
export { memberAppProps, type MemberAppProps } from './app-props';
export { memberRoutes } from './routes';
export { createMemberService, type MemberService, type NewMemberDetails } from './service';
