/** The hosted pages' layout (checkout, portal and overview pages use it). */
import { esc } from './context.js';

export const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)} · Stripe (local)</title>
<style>
body{font-family:system-ui,sans-serif;background:#f6f9fc;color:#1a1f36;margin:0}
main{max-width:480px;margin:40px auto;background:#fff;border-radius:12px;box-shadow:0 2px 12px #0001;padding:28px}
.note{background:#fff8e1;border:1px solid #f5c518;border-radius:8px;padding:8px 12px;font-size:13px;margin-bottom:16px}
h1{font-size:22px;margin:0 0 8px} .amount{font-size:32px;font-weight:700;margin:8px 0 16px}
label{display:block;font-size:13px;margin:12px 0 4px;color:#4f566b} input,select{width:100%;box-sizing:border-box;padding:10px;border:1px solid #cfd7df;border-radius:6px;font-size:15px}
fieldset{border:0;padding:0;margin:16px 0 0} legend{font-weight:600;font-size:15px}
button,.button{display:inline-block;width:100%;box-sizing:border-box;margin-top:16px;padding:12px;border:0;border-radius:6px;background:#635bff;color:#fff;font-size:16px;font-weight:600;cursor:pointer;text-align:center;text-decoration:none}
button.secondary,.button.secondary{background:#e3e8ee;color:#1a1f36} button.danger{background:#df1b41}
table{width:100%;border-collapse:collapse;font-size:14px} td{padding:6px 0;border-bottom:1px solid #eee}
.error{color:#df1b41;font-size:14px}
</style></head><body><main><p class="note">Local Stripe stand-in: no real payment is taken.</p>${body}</main></body></html>`;
