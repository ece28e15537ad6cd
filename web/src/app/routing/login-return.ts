// Pages a visitor opens in order to log in and use them: the console (often a deep link an operator
// was sent). A Steam login started on one comes back to it; elsewhere it lands on / as it always has.
// The e-mail login reloads whatever page it was started on, so it needs no such list.
export function loginReturnsHere(pathname: string): boolean {
  return pathname === '/console' || pathname.startsWith('/console/')
}
