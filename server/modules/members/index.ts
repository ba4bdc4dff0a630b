// The members module as other modules see it: its routes, the member service (sign-in, the
// checkout's registration, guest accounts and addresses), the member's part of the app props and
// the link in a guest's order e-mail that makes the guest a member.
export { issueGuestRegisterLink } from './account-service';
export { memberAppProps, type MemberAppProps } from './app-props';
export { memberRoutes } from './routes';
export { createMemberService, type MemberService, type NewMemberDetails } from './service';
