// The app's in-app links: react-router's own <Link> and <NavLink> carry framework-mode code (route
// prefetching with <PrefetchPageLinks>, route discovery, view transitions, masks) that a declarative
// BrowserRouter app never runs but every first load downloaded (about 4 KB gzipped in the entry).
// These render the same <a> (href from useHref, `data-discover`, aria-current) and navigate through
// react-router's own useLinkClickHandler (modifier keys, target, same-location replace), so a click
// behaves as before. Internal paths only: no link in the app goes to another origin.
import type { AnchorHTMLAttributes, CSSProperties, MouseEvent, ReactNode, Ref } from 'react'
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router'

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To
  replace?: boolean
  /** 'path': `..` goes up one path segment instead of one route (react-router's `relative`). */
  relative?: 'route' | 'path'
  ref?: Ref<HTMLAnchorElement>
}

export function Link({ to, replace, relative, onClick, target, ref, children, ...rest }: LinkProps) {
  const href = useHref(to, { relative })
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, target, relative })
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event)
    if (!event.defaultPrevented) navigate(event)
  }
  return (
    <a {...rest} ref={ref} href={href} onClick={handleClick} target={target} data-discover="true">
      {children}
    </a>
  )
}

interface NavLinkState {
  isActive: boolean
}

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'style' | 'children'> {
  /** Active only on the path itself, not on the paths below it. */
  end?: boolean
  className?: string | ((state: NavLinkState) => string | undefined)
  style?: CSSProperties | ((state: NavLinkState) => CSSProperties | undefined)
  children?: ReactNode | ((state: NavLinkState) => ReactNode)
}

/**
 * A Link that knows whether it points at the current location, as react-router's NavLink computes
 * it outside a data router (case-insensitive, `end`, trailing slash): `aria-current="page"` and the
 * `active` class (string className) or the render props' isActive.
 */
export function NavLink({ to, end = false, className = '', style, children, ...rest }: NavLinkProps) {
  const path = useResolvedPath(to, { relative: rest.relative })
  const location = useLocation()
  const toPathname = path.pathname.toLowerCase()
  const locationPathname = location.pathname.toLowerCase()
  const endSlashPosition = toPathname !== '/' && toPathname.endsWith('/') ? toPathname.length - 1 : toPathname.length
  const isActive =
    locationPathname === toPathname ||
    (!end && locationPathname.startsWith(toPathname) && locationPathname.charAt(endSlashPosition) === '/')
  const state = { isActive }
  return (
    <Link
      {...rest}
      to={to}
      aria-current={isActive ? (rest['aria-current'] ?? 'page') : undefined}
      className={
        typeof className === 'function' ? className(state) : [className, isActive ? 'active' : null].filter(Boolean).join(' ')
      }
      style={typeof style === 'function' ? style(state) : style}
    >
      {typeof children === 'function' ? children(state) : children}
    </Link>
  )
}
