// Notifications' pure parts (docs/notifications.md): what people type as a phone number becomes the
// 62… form the WhatsApp gateways take; the templates say the facts in Indonesian; the gateway body is
// filled and escaped for JSON or a form.
import { describe, expect, it } from 'vitest';
import { whatsappNumber } from '@/features/notifications/lib/phone';
import { gatewayBody, mailOf, message, whatsappTextOf } from '@/features/notifications/lib/templates';

describe('whatsappNumber', () => {
  it.each([
    ['081234567890', '6281234567890'],
    ['0812-3456-7890', '6281234567890'],
    ['+62 812 3456 7890', '6281234567890'],
    ['+62 (0)812 3456 7890', '6281234567890'],
    ['62812 3456 7890', '6281234567890'],
    ['6281234567890', '6281234567890'],
    ['81234567890', '6281234567890'],
    ['0062 812 3456 7890', '6281234567890'],
    ['+65 9123 4567', '6591234567'],
    ['021 5550 123', '62215550123'],
  ])('%s → %s', (typed, expected) => {
    expect(whatsappNumber(typed)).toBe(expected);
  });

  it.each(['', '   ', 'abc', '0812', '12345678901', '+62 812 3456 7890 1234 5', '0812-34x6-7890', null, undefined])(
    '%s is no number',
    (typed) => {
      expect(whatsappNumber(typed)).toBeNull();
    },
  );
});

describe('templates', () => {
  it('a decided leave tells the employee the decision, who made it and why', () => {
    const m = message('leave.decided', {
      type: 'Cuti Tahunan',
      range: '1 Des 2026 - 3 Des 2026',
      approved: false,
      actor: 'Budi',
      note: 'Tim sedang audit',
    });
    expect(m).toEqual({
      kind: 'leave.decided',
      title: 'Pengajuan Cuti Tahunan Anda ditolak',
      body: 'Cuti Tahunan 1 Des 2026 - 3 Des 2026 ditolak oleh Budi. Catatan: Tim sedang audit',
      link: '/employee/leave',
    });
  });

  it('a day marked alpa links to Ajukan Koreksi', () => {
    const m = message('day.alpa', { date: 'Rabu, 25 November 2026' });
    expect(m.title).toBe('Anda tercatat alpa pada Rabu, 25 November 2026');
    expect(m.link).toBe('/employee/corrections');
  });

  it('an unknown kind is a programming error', () => {
    expect(() => message('nope')).toThrow(/Unknown notification kind/);
  });

  it('the mail has the same words as text and as escaped HTML, with the link', () => {
    const mail = mailOf({ title: 'Cuti <A&B>', body: 'Isi "x"' }, 'https://absensi.example.co.id/employee/leave');
    expect(mail.subject).toBe('[Absensi] Cuti <A&B>');
    expect(mail.text).toBe('Isi "x"\n\nBuka: https://absensi.example.co.id/employee/leave\n\n— Absensi');
    expect(mail.html).toContain('<h2 style="font-size:18px">Cuti &lt;A&amp;B&gt;</h2>');
    expect(mail.html).toContain('<p>Isi &quot;x&quot;</p>');
    expect(mail.html).toContain('href="https://absensi.example.co.id/employee/leave"');
  });

  it('the WhatsApp text has the title in bold', () => {
    expect(whatsappTextOf({ title: 'Anda belum check-in', body: 'Shift mulai 08:00.' }, null)).toBe(
      '*Anda belum check-in*\nShift mulai 08:00.',
    );
  });

  it('the gateway body is escaped for JSON and for a form', () => {
    const text = 'Baris 1\n"kutip" & 100%';
    const json = gatewayBody('{"target":"{phone}","message":"{message}","countryCode":"62"}', '6281234567890', text);
    expect(json.contentType).toBe('application/json');
    expect(JSON.parse(json.body)).toEqual({ target: '6281234567890', message: text, countryCode: '62' });
    const form = gatewayBody('phone={phone}&message={message}', '6281234567890', text);
    expect(form.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(form.body))).toEqual({ phone: '6281234567890', message: text });
  });
});
