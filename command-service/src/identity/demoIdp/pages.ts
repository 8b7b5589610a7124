/** The demo provider's own pages: plain HTML with inline CSS, nothing fetched from elsewhere. */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
  font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#1c2127;color:#1c2127}
main{width:100%;max-width:380px;margin:1rem;background:#fff;border-radius:8px;padding:2rem;
  box-shadow:0 8px 24px rgba(0,0,0,.35)}
h1{margin:0 0 .25rem;font-size:1.4rem}
p.sub{margin:0 0 1.5rem;color:#5f6b7c;font-size:.9rem}
label{display:block;font-size:.85rem;font-weight:600;margin:1rem 0 .35rem}
input{width:100%;padding:.6rem .7rem;font-size:1rem;border:1px solid #c5cbd3;border-radius:4px}
input:focus{outline:2px solid #2d72d2;outline-offset:1px;border-color:#2d72d2}
button{margin-top:1.5rem;width:100%;padding:.7rem;font-size:1rem;font-weight:600;color:#fff;
  background:#2d72d2;border:0;border-radius:4px;cursor:pointer}
button:hover{background:#215db0}
.error{margin:1rem 0 0;padding:.6rem .7rem;border-radius:4px;background:#fae1e1;color:#8e292c;font-size:.9rem}
.hint{margin-top:1.25rem;font-size:.8rem;color:#5f6b7c}
code{background:#f0f2f5;padding:0 .25rem;border-radius:3px}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function loginPage(input: { action: string; username?: string; error?: string }): string {
  return page(
    'Sign in – Allot demo',
    `<h1>Sign in</h1><p class="sub">Allot demo identity provider</p>
<form method="post" action="${escapeHtml(input.action)}" autocomplete="off">
<label for="username">Username</label>
<input id="username" name="username" required${input.username ? '' : ' autofocus'} value="${escapeHtml(input.username ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" required${input.username ? ' autofocus' : ''}>
${input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : ''}
<button type="submit">Sign in</button>
</form>
<p class="hint">Demo accounts: a role name such as <code>admin</code> or <code>faculty</code>, password <code>demo</code>.</p>`,
  );
}

/** oidc-provider hands us its logout form (with its own anti-forgery field); we add the button. */
export function logoutPage(form: string): string {
  return page(
    'Sign out – Allot demo',
    `<h1>Sign out</h1><p class="sub">End your session at the Allot demo identity provider?</p>${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>`,
  );
}

export function messagePage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p class="sub">${escapeHtml(message)}</p>`);
}
