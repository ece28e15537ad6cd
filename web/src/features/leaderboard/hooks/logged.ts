/**
 * Leaderboard fetch failures are only logged (spec 001 §8): the error still reaches the query, which
 * leaves what it shows empty or unchanged.
 */
export async function logged<T>(message: string, work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (error) {
    console.error(message, error)
    throw error
  }
}
