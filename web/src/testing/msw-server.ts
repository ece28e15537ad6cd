import { setupServer } from 'msw/node'

/** The fake backend for unit and integration tests; each test adds the handlers it needs. */
export const server = setupServer()
