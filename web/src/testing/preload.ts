// The account dialog and pages are lazy chunks; importing one the first time inside a test can
// take longer than a findBy* waits. Test files that show them load them up front.
export async function preloadAuthChunks(): Promise<void> {
  await Promise.all([
    import('@/features/auth/components/login-dialog'),
    import('@/features/auth/components/reset-password-page'),
    import('@/features/auth/components/steam-callback-page'),
    import('@/features/auth/components/steam-bind-callback-page'),
  ])
}
