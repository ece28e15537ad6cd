import { describe, expect, it } from 'vitest'
import { sanitizeHtml } from './sanitize-html'

function parse(html: string): HTMLElement {
  const host = document.createElement('div')
  host.innerHTML = sanitizeHtml(html)
  return host
}

describe('sanitizeHtml', () => {
  it('removes scripts, event handlers and javascript: URLs', () => {
    const host = parse(
      '<p>Hi<script>window.__xss = 1</script></p><img src="x" onerror="window.__xss = 1">' +
        '<a href="javascript:alert(1)">bad</a><svg onload="alert(1)"><circle r="1"/></svg>' +
        '<iframe src="https://evil.example.com"></iframe><button onclick="alert(1)">b</button>',
    )
    expect(host.querySelector('script, iframe')).toBeNull()
    for (const element of host.querySelectorAll('*')) {
      for (const attribute of element.attributes) expect(attribute.name).not.toMatch(/^on/i)
    }
    expect(host.querySelector('a')?.getAttribute('href')).toBeNull()
    expect(host.textContent).toContain('Hi')
    expect(host.querySelector('img')?.getAttribute('src')).toBe('x')
  })

  it('keeps links with their target and forces rel="noopener noreferrer" on target=_blank', () => {
    const host = parse(
      '<a href="https://a.example.com" target="_blank">a</a>' +
        '<a href="https://b.example.com" target="_blank" rel="opener">b</a>' +
        '<a href="https://c.example.com" rel="nofollow">c</a>' +
        '<a href="https://d.example.com" target="_self">d</a>' +
        '<a href="https://e.example.com" target="somewhere">e</a>',
    )
    const [a, b, c, d, e] = host.querySelectorAll('a')
    expect(a).toHaveAttribute('href', 'https://a.example.com')
    expect(a).toHaveAttribute('target', '_blank')
    expect(a).toHaveAttribute('rel', 'noopener noreferrer')
    expect(b).toHaveAttribute('rel', 'noopener noreferrer')
    expect(c).toHaveAttribute('rel', 'nofollow')
    expect(c).not.toHaveAttribute('target')
    expect(d).toHaveAttribute('target', '_self')
    expect(d).not.toHaveAttribute('rel')
    // A named target opens a new window too, with window.opener set: same treatment as _blank.
    expect(e).toHaveAttribute('rel', 'noopener noreferrer')
  })

  it('drops CSS and form controls, keeps ordinary markup', () => {
    const host = parse(
      '<style>body{display:none}</style><form action="https://x.example.com"><input name="a"><button>go</button></form>' +
        '<p style="position:fixed;inset:0" class="fixed inset-0">t <strong>b</strong></p><ul><li>one</li></ul><code>.ready</code>',
    )
    expect(host.querySelector('style, form, input, button')).toBeNull()
    const paragraph = host.querySelector('p')
    expect(paragraph).not.toHaveAttribute('style')
    expect(paragraph).not.toHaveAttribute('class')
    expect(host.querySelector('p strong')).toHaveTextContent('b')
    expect(host.querySelector('ul li')).toHaveTextContent('one')
    expect(host.querySelector('code')).toHaveTextContent('.ready')
  })
})
