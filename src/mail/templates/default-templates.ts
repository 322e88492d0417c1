/**
 * The built-in templates of the shop's mail (Mustache: `{{name}}`, sections
 * `{{#list}}…{{/list}}`, partials `{{> order_summary}}`). Each mail has a
 * subject (`<kind>.subject`), a text body (`<kind>.txt`) and an HTML body
 * (`<kind>.html`); the bodies are put in a layout (`layout.txt`,
 * `layout.html`, the body as `{{{body}}}`). A file of the same name in
 * MAIL_TEMPLATES_DIR replaces any of them (docs/accounts.md lists what each
 * template is given). In HTML, `{{name}}` is escaped; in the text and the
 * subject nothing is.
 */
export const DEFAULT_TEMPLATES: Record<string, string> = {
  'layout.txt': `{{{body}}}

--
{{store_name}}
{{storefront_url}}
`,
  'layout.html': `<!DOCTYPE html>
<html>
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>{{subject}}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:Helvetica,Arial,sans-serif;color:#18181b;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;padding:24px 0;">
<tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:6px;">
<tr><td style="padding:24px 32px;font-size:20px;font-weight:bold;border-bottom:1px solid #e4e4e7;">{{store_name}}</td></tr>
<tr><td style="padding:24px 32px;font-size:15px;line-height:1.5;">
{{{body}}}
</td></tr>
<tr><td style="padding:16px 32px;font-size:12px;color:#71717a;border-top:1px solid #e4e4e7;"><a href="{{storefront_url}}" style="color:#71717a;">{{store_name}}</a></td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`,

  'order_summary.txt': `Order {{order.number}}
{{#order.line_items}}
  {{quantity}} x {{name}}{{#options_text}} ({{options_text}}){{/options_text}}  {{display_amount}}
{{/order.line_items}}

Subtotal: {{order.display_item_total}}
Shipping: {{order.display_ship_total}}
{{#order.has_promotion}}
Promotion: {{order.display_promo_total}}
{{/order.has_promotion}}
{{#order.has_additional_tax}}
Tax: {{order.display_additional_tax_total}}
{{/order.has_additional_tax}}
Total: {{order.display_total}}
{{#order.has_included_tax}}
(Tax included: {{order.display_included_tax_total}})
{{/order.has_included_tax}}
{{#order.ship_address}}

Shipping to:
{{#lines}}
  {{.}}
{{/lines}}
{{/order.ship_address}}
{{#order.bill_address}}

Billing address:
{{#lines}}
  {{.}}
{{/lines}}
{{/order.bill_address}}`,
  'order_summary.html': `<h3 style="margin:24px 0 8px;">Order {{order.number}}</h3>
<table role="presentation" width="100%" cellpadding="4" cellspacing="0" style="border-collapse:collapse;font-size:14px;">
{{#order.line_items}}
<tr style="border-bottom:1px solid #e4e4e7;"><td>{{quantity}} &times; {{name}}{{#options_text}}<br><span style="color:#71717a;">{{options_text}}</span>{{/options_text}}</td><td align="right">{{display_amount}}</td></tr>
{{/order.line_items}}
<tr><td>Subtotal</td><td align="right">{{order.display_item_total}}</td></tr>
<tr><td>Shipping</td><td align="right">{{order.display_ship_total}}</td></tr>
{{#order.has_promotion}}<tr><td>Promotion</td><td align="right">{{order.display_promo_total}}</td></tr>{{/order.has_promotion}}
{{#order.has_additional_tax}}<tr><td>Tax</td><td align="right">{{order.display_additional_tax_total}}</td></tr>{{/order.has_additional_tax}}
<tr><td><strong>Total</strong></td><td align="right"><strong>{{order.display_total}}</strong></td></tr>
{{#order.has_included_tax}}<tr><td colspan="2" style="color:#71717a;">Tax included: {{order.display_included_tax_total}}</td></tr>{{/order.has_included_tax}}
</table>
{{#order.ship_address}}
<p style="margin:16px 0 0;"><strong>Shipping to</strong><br>{{#lines}}{{.}}<br>{{/lines}}</p>
{{/order.ship_address}}
{{#order.bill_address}}
<p style="margin:16px 0 0;"><strong>Billing address</strong><br>{{#lines}}{{.}}<br>{{/lines}}</p>
{{/order.bill_address}}`,

  'order_confirmation.subject': `{{store_name}}: order confirmation {{order.number}}`,
  'order_confirmation.txt': `Thank you for your order.

{{> order_summary}}
`,
  'order_confirmation.html': `<p>Thank you for your order.</p>
{{> order_summary}}`,

  'shipment_shipped.subject': `{{store_name}}: your order {{order.number}} has shipped`,
  'shipment_shipped.txt': `Good news: part or all of your order {{order.number}} is on its way.

Shipment {{shipment.number}}{{#shipment.shipping_method}}, {{shipment.shipping_method}}{{/shipment.shipping_method}}
{{#shipment.tracking}}
Tracking number: {{shipment.tracking}}
{{/shipment.tracking}}
{{#shipment.tracking_url}}
Track it: {{shipment.tracking_url}}
{{/shipment.tracking_url}}

{{#shipment.items}}
  {{quantity}} x {{name}}
{{/shipment.items}}
{{#order.ship_address}}

Shipping to:
{{#lines}}
  {{.}}
{{/lines}}
{{/order.ship_address}}
`,
  'shipment_shipped.html': `<p>Good news: part or all of your order {{order.number}} is on its way.</p>
<p>Shipment {{shipment.number}}{{#shipment.shipping_method}}, {{shipment.shipping_method}}{{/shipment.shipping_method}}<br>
{{#shipment.tracking}}Tracking number: <strong>{{shipment.tracking}}</strong><br>{{/shipment.tracking}}
{{#shipment.tracking_url}}<a href="{{shipment.tracking_url}}">Track your parcel</a>{{/shipment.tracking_url}}</p>
<ul>
{{#shipment.items}}<li>{{quantity}} &times; {{name}}</li>{{/shipment.items}}
</ul>
{{#order.ship_address}}
<p><strong>Shipping to</strong><br>{{#lines}}{{.}}<br>{{/lines}}</p>
{{/order.ship_address}}`,

  'refund_issued.subject': `{{store_name}}: refund of {{refund.display_amount}} for order {{order.number}}`,
  'refund_issued.txt': `We have refunded {{refund.display_amount}} for your order {{order.number}}{{#refund.payment_method}} to your {{refund.payment_method}}{{/refund.payment_method}}.
It may take a few days to show on your statement.
`,
  'refund_issued.html': `<p>We have refunded <strong>{{refund.display_amount}}</strong> for your order {{order.number}}{{#refund.payment_method}} to your {{refund.payment_method}}{{/refund.payment_method}}.</p>
<p>It may take a few days to show on your statement.</p>`,

  'return_authorized.subject': `{{store_name}}: return {{return_authorization.number}} for order {{order.number}}`,
  'return_authorized.txt': `Your return {{return_authorization.number}} for order {{order.number}} is authorized.
{{#return_authorization.reason}}
Reason: {{return_authorization.reason}}
{{/return_authorization.reason}}
Once we receive the items we will credit {{return_authorization.display_amount}}.
`,
  'return_authorized.html': `<p>Your return <strong>{{return_authorization.number}}</strong> for order {{order.number}} is authorized.</p>
{{#return_authorization.reason}}<p>Reason: {{return_authorization.reason}}</p>{{/return_authorization.reason}}
<p>Once we receive the items we will credit {{return_authorization.display_amount}}.</p>`,

  'return_received.subject': `{{store_name}}: we received your return {{return_authorization.number}}`,
  'return_received.txt': `We received the items of your return {{return_authorization.number}} for order {{order.number}}.
A credit of {{return_authorization.display_amount}} follows.
`,
  'return_received.html': `<p>We received the items of your return <strong>{{return_authorization.number}}</strong> for order {{order.number}}.</p>
<p>A credit of {{return_authorization.display_amount}} follows.</p>`,

  'password_reset.subject': `{{store_name}}: reset your password`,
  'password_reset.txt': `Someone asked to reset the password of your account ({{user.email}}).

To choose a new password, open this link within {{expires_in}}:
{{url}}

The link works once. If you did not ask for it, ignore this mail: your password stays as it is.
`,
  'password_reset.html': `<p>Someone asked to reset the password of your account ({{user.email}}).</p>
<p><a href="{{url}}" style="display:inline-block;padding:10px 16px;background:#18181b;color:#ffffff;text-decoration:none;border-radius:4px;">Choose a new password</a></p>
<p>The link works once, within {{expires_in}}. If you did not ask for it, ignore this mail: your password stays as it is.</p>`,

  'email_confirmation.subject': `{{store_name}}: confirm your new e-mail address`,
  'email_confirmation.txt': `Please confirm {{new_email}} as the e-mail address of your account (now {{old_email}}).

Open this link within {{expires_in}}:
{{url}}

Until then your account keeps {{old_email}}.
`,
  'email_confirmation.html': `<p>Please confirm {{new_email}} as the e-mail address of your account (now {{old_email}}).</p>
<p><a href="{{url}}" style="display:inline-block;padding:10px 16px;background:#18181b;color:#ffffff;text-decoration:none;border-radius:4px;">Confirm this address</a></p>
<p>The link works within {{expires_in}}. Until then your account keeps {{old_email}}.</p>`,

  'email_change_notice.subject': `{{store_name}}: the e-mail address of your account{{#pending}} is about to change{{/pending}}{{^pending}} has changed{{/pending}}`,
  'email_change_notice.txt': `{{#pending}}Someone asked to change the e-mail address of your account from {{old_email}} to {{new_email}}. It changes once the new address is confirmed.{{/pending}}{{^pending}}The e-mail address of your account changed from {{old_email}} to {{new_email}}.{{/pending}}

If this was not you, reset your password at once and tell us.
`,
  'email_change_notice.html': `<p>{{#pending}}Someone asked to change the e-mail address of your account from {{old_email}} to {{new_email}}. It changes once the new address is confirmed.{{/pending}}{{^pending}}The e-mail address of your account changed from {{old_email}} to {{new_email}}.{{/pending}}</p>
<p>If this was not you, reset your password at once and tell us.</p>`,

  'email_verification.subject': `{{store_name}}: confirm your e-mail address`,
  'email_verification.txt': `Welcome to {{store_name}}. Please confirm that {{user.email}} is your e-mail address.

Open this link within {{expires_in}}:
{{url}}
`,
  'email_verification.html': `<p>Welcome to {{store_name}}. Please confirm that {{user.email}} is your e-mail address.</p>
<p><a href="{{url}}" style="display:inline-block;padding:10px 16px;background:#18181b;color:#ffffff;text-decoration:none;border-radius:4px;">Confirm my address</a></p>
<p>The link works within {{expires_in}}.</p>`,
};
