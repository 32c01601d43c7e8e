// WhatsApp numbers: what people type (0812…, +62 812…, 62812…, 812…) → the international form the
// gateways take ('6281234567890'). Pure, shared by the form and the sender (docs/notifications.md).

/** Digits with the country code and no '+', or null when it cannot be an Indonesian (or international) number. */
export function whatsappNumber(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const v = raw.trim().replace(/[\s().\-/]/g, '');
  if (!/^\+?\d+$/.test(v)) return null;
  let digits: string;
  if (v.startsWith('+')) digits = v.slice(1);
  else if (v.startsWith('00')) digits = v.slice(2);
  else if (v.startsWith('0')) digits = `62${v.slice(1)}`;
  else if (v.startsWith('62')) digits = v;
  else if (v.startsWith('8')) digits = `62${v}`;
  else return null;
  // '+62 0812…': the trunk 0 written after the country code.
  if (digits.startsWith('620')) digits = `62${digits.slice(3)}`;
  return digits.length >= 10 && digits.length <= 15 ? digits : null;
}
