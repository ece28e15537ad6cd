// Admin-written HTML (FAQ answers) is sanitised on save by the server and again here, on render
// (spec 001 §2.8, §5; DESIGN §9). DOMPurify's defaults apply with one relaxation: links keep their
// target. A link that opens another browsing context always gets rel="noopener noreferrer", so the
// opened page can neither reach this one through window.opener nor learn where it came from.
// Two tightenings: no CSS (a <style> tag restyles the whole page; a style or class attribute, with
// the app's own utility classes, can lay a fake overlay over it) and no form controls (a password
// prompt inside an answer would be phishing).
import createDOMPurify, { type Config, type DOMPurify } from 'dompurify'

const CONFIG: Config = {
  ADD_ATTR: ['target'],
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
  FORBID_ATTR: ['style', 'class'],
}

/** Targets that stay in this browsing context's tree; any other (_blank or a named one) opens a new one. */
const SAME_CONTEXT_TARGETS = new Set(['_self', '_parent', '_top'])

let purifier: DOMPurify | null = null

/** A DOMPurify instance of our own, so the hook never affects another user of the library. */
function instance(): DOMPurify {
  if (purifier) return purifier
  const created = createDOMPurify(window)
  created.addHook('afterSanitizeAttributes', (node) => {
    const target = node.getAttribute('target')
    if (target === null) return
    if (!SAME_CONTEXT_TARGETS.has(target.trim().toLowerCase())) node.setAttribute('rel', 'noopener noreferrer')
  })
  purifier = created
  return created
}

/** The HTML with scripts, event handlers, javascript: URLs and the like removed. */
export function sanitizeHtml(html: string): string {
  return instance().sanitize(html, CONFIG)
}
