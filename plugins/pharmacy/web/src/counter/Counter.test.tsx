import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { json } from '../../../../../packages/workbench/test/fake-server';
import plugin from '../index';
import { API, BOX_A, BOX_B, counterServer } from '../testing';

const typed = (s: string) => s.replace(/[{[]/g, (c) => c + c);

describe('the prescription counter (/pharmacy-sale)', () => {
  it('follows a slow Medula read by its progress id at GET /medula/progress?progressId= and shows the step the server reports', async () => {
    const { server: s, state } = counterServer();
    s.on(`GET ${API}/is-logged`, () => json({ state: 'LOGGED' }));
    let answer: (() => void) | null = null;
    s.on(`GET ${API}/e-recete-request`, () => new Promise<Response>((resolve) => { answer = () => { state.read = true; resolve(json(state.counter.recete)); }; }));
    s.on(`GET ${API}/medula/progress`, (req) => json({ progressId: new URL(req.url).searchParams.get('progressId'), step: '0.9', steps: ['0.1', '0.9'], done: false, error: null }));
    await renderWorkbench({ plugins: [plugin], path: '/pharmacy-sale', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Reçeteli Satış' });
    const input = within(page).getByRole('textbox', { name: 'Reçete no ya da karekod' });
    await waitFor(() => expect(input).toHaveFocus());
    const user = userEvent.setup();
    await user.keyboard('1a2b3c4{Enter}');
    await within(page).findByText(/Reçete bulunamadı\. Medula'dan okumak için F2 tuşuna basın\./);
    await user.keyboard('{F2}');
    // '0.9' (Raporlar getiriliyor) is no step of a read's own timer: only the server's answer shows it.
    await waitFor(() => expect(within(page).getByRole('status', { name: 'Medula işlemi' })).toHaveTextContent('0.9 Raporlar getiriliyor'), { timeout: 5_000 });
    const polls = s.requests.filter((r) => r.path.startsWith(`${API}/medula/progress?`));
    const read = s.requests.find((r) => r.path.startsWith(`${API}/e-recete-request?`))!;
    expect(new URL(`http://x${polls[0]!.path}`).searchParams.get('progressId')).toBe(new URL(`http://x${read.path}`).searchParams.get('progressId'));
    answer!();
    await within(page).findByRole('region', { name: 'Reçete' });
  });

  it('sells a whole prescription from the keyboard alone: search, read, two boxes, share, cash, the invoice', async () => {
    const { server: s, state } = counterServer();
    s.on(`GET ${API}/is-logged`, () => json({ state: 'LOGGED' }));
    await renderWorkbench({ plugins: [plugin], path: '/pharmacy-sale', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Reçeteli Satış' });
    const input = within(page).getByRole('textbox', { name: 'Reçete no ya da karekod' });
    expect(await within(page).findByLabelText('Medula oturumu')).toHaveTextContent('Medula: giriş yapıldı');
    await waitFor(() => expect(input).toHaveFocus());
    const user = userEvent.setup();

    // A number not held here yet: 'Reçete bulunamadı', and the key that reads it from Medula.
    await user.keyboard('1a2b3c4{Enter}');
    await within(page).findByText(/Reçete bulunamadı\. Medula'dan okumak için F2 tuşuna basın\./);
    await user.keyboard('{F2}');
    const info = await within(page).findByRole('region', { name: 'Reçete' });
    expect(info).toHaveTextContent('Reçete 1A2B3C4');
    expect(info).toHaveTextContent('Yeşil');
    expect(info).toHaveTextContent('Ayşe Yılmaz');
    expect(info).toHaveTextContent('Mehmet Öz · Dahiliye');
    expect(info).toHaveTextContent('I10 Esansiyel hipertansiyon');
    expect(s.requests.some((r) => r.path.startsWith(`${API}/e-recete-request?ereceteNo=1A2B3C4&progressId=p`))).toBe(true);

    // Two boxes: the raw DataMatrix with its GS separator, and the human-readable form.
    expect(input).toHaveFocus();
    await user.keyboard(`${typed(BOX_A)}{Enter}`);
    await waitFor(() => expect(within(page).getByLabelText('Okutulan kutu: KABIVEN PERIPHERAL 1440 ML')).toHaveTextContent('1/1'));
    await user.keyboard(`${typed(BOX_B)}{Enter}`);
    await waitFor(() => expect(within(page).getByLabelText('Okutulan kutu: LYNPARZA 100 MG FILM KAPLI TABLET (56 TABLET)')).toHaveTextContent('1/1'));
    const scans = s.requests.filter((r) => r.method === 'POST' && r.path === `${API}/recetes/1/boxes`).map((r) => (r.body as { code: string }).code);
    // The GS separator travels as '<GS>' (the kernel refuses control characters in requests).
    expect(scans).toEqual([BOX_A.replace('\x1d', '<GS>'), BOX_B]);

    // Saved at Medula (Ctrl+S, the provision), then the share by the rules (the patient is retired, as the prescription says), then cash.
    await user.keyboard('{Control>}s{/Control}');
    await within(page).findByText('Reçete Medula\'ya kaydedildi.');
    expect(s.requests.find((r) => r.path.startsWith(`${API}/save-e-recete?progressId=`))!.body).toEqual({ receteId: 1 });
    expect(within(page).queryByRole('button', { name: "Medula'ya kaydet" })).toBeNull();
    await user.keyboard('{F7}');
    const share = await within(page).findByRole('region', { name: 'Hasta katılım payı' });
    await waitFor(() => expect(within(share).getByLabelText('Hastanın ödeyeceği')).toHaveTextContent('27,50'));
    expect(s.requests.find((r) => r.path === `${API}/recetes/1/share`)!.body).toEqual({ mode: 'SALARY', patientStatus: 'RETIRED' });
    await user.keyboard('{F8}');
    const result = await within(page).findByRole('status', { name: 'Satışın faturası' });
    expect(s.requests.find((r) => r.path === `${API}/recetes/invoice`)!.body).toEqual({ receteId: 1, paymentType: 'CASH' });
    expect(within(result).getByRole('link', { name: 'ECZ2026000000001 faturasını aç' })).toHaveAttribute('href', '/invoice/77');
    expect(state.counter.recete.invoiceId).toBe(77);

    // Esc: a new sale, the input empty and focused.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(within(page).queryByRole('region', { name: 'Reçete' })).toBeNull());
    expect(input).toHaveFocus();
  });

  it('says next to a line why its amount changed with a scan, writes doses and dates the Turkish way, and answers an unknown product in the page, never with a 404', async () => {
    const { server: s, state } = counterServer();
    state.counter.medicines[0] = { ...state.counter.medicines[0]!, dose1: '3.000', dose2: '0.500', referencePrice: null, priceDifference: '0.00' };
    s.on(`GET ${API}/is-logged`, () => json({ state: 'LOGGED' }));
    // The server prices a scanned box at the pharmacy's sale price with its KDV (120,00 + 10 %).
    const scan = s.fetch;
    const notFound: string[] = [];
    s.fetch = async (input, init) => {
      const r = await scan(input, init);
      const req = input instanceof Request ? input : new Request(String(input), init);
      if (r.status === 404 && /\/(recete|recetes|products)\b/.test(new URL(req.url).pathname)) notFound.push(`${req.method} ${new URL(req.url).pathname}`);
      if (r.ok && req.method === 'POST' && new URL(req.url).pathname === `${API}/recetes/1/boxes`) {
        const l = state.counter.medicines[0]!;
        Object.assign(l, { unitPrice: '132.00', totalPrice: (132 * l.scanned.length).toFixed(2) });
        return json(state.counter);
      }
      return r;
    };
    await renderWorkbench({ plugins: [plugin], path: '/pharmacy-sale', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Reçeteli Satış' });
    await waitFor(() => expect(within(page).getByRole('textbox', { name: 'Reçete no ya da karekod' })).toHaveFocus());
    const user = userEvent.setup();
    await user.keyboard('1a2b3c4{Enter}');
    await within(page).findByText(/Reçete bulunamadı\. Medula'dan okumak için F2 tuşuna basın\./);
    await user.keyboard('{F2}');
    const info = await within(page).findByRole('region', { name: 'Reçete' });
    expect(info).toHaveTextContent('Reçete tarihi20/11/2026');
    expect(within(page).getByLabelText('1. satır günlük kullanım sayısı')).toHaveValue('3');
    expect(within(page).getByLabelText('1. satır bir kullanımdaki miktar')).toHaveValue('0,5');
    expect(within(page).getByLabelText('1. satırın tutarı nasıl hesaplandı')).toHaveTextContent('1 kutu × 120,00 ₺');

    await user.keyboard(`${typed(BOX_A)}{Enter}`);
    await waitFor(() => expect(within(page).getByLabelText('Okutulan kutu: KABIVEN PERIPHERAL 1440 ML')).toHaveTextContent('1/1'));
    const why = within(page).getByLabelText('1. satırın tutarı nasıl hesaplandı');
    await waitFor(() => expect(why).toHaveTextContent('Birim fiyat 120,00 ₺ → 132,00 ₺ (+%10,00): eczanenin bu ilaç için KDV dahil satış fiyatı uygulandı.'));
    expect(why).toHaveTextContent('1 kutu × 132,00 ₺');
    expect(within(page).getByLabelText('2. satırın tutarı nasıl hesaplandı')).toHaveTextContent('1 kutu × 30,00 ₺');
    // A scan on another line leaves the first line's reason in place.
    await user.keyboard(`${typed(BOX_B)}{Enter}`);
    await waitFor(() => expect(within(page).getByLabelText('Okutulan kutu: LYNPARZA 100 MG FILM KAPLI TABLET (56 TABLET)')).toHaveTextContent('1/1'));
    expect(why).toHaveTextContent('Birim fiyat 120,00 ₺ → 132,00 ₺ (+%10,00)');

    // A box, and a plain barcode, of a product the pharmacy does not have: said in the page, nothing sent to scan.
    const scansBefore = s.requests.filter((r) => r.method === 'POST' && r.path === `${API}/recetes/1/boxes`).length;
    await user.keyboard(`${typed('0108690000000005211234567890\x1d1727122810AB1')}{Enter}`);
    expect(await within(page).findByRole('alert')).toHaveTextContent('8690000000005 barkodlu ürün kayıtlı değil; ilaç listesinden ürün oluşturun.');
    await user.keyboard('8699999999994{Enter}');
    await waitFor(() => expect(within(page).getByRole('alert')).toHaveTextContent('8699999999994 barkodlu ürün kayıtlı değil'));
    expect(s.requests.filter((r) => r.method === 'POST' && r.path === `${API}/recetes/1/boxes`)).toHaveLength(scansBefore);
    expect(s.requests.some((r) => r.path.startsWith(`${API}/recete?`))).toBe(false);
    expect(notFound).toEqual([]);
  });

  it('takes the card share on a POS terminal (F9) when the POS plugin offers its payment method', async () => {
    const { server: s } = counterServer();
    s.on(`GET ${API}/is-logged`, () => json({ state: 'LOGGED' }));
    s.on(`GET ${API}/payment-methods`, () => json([
      { paymentType: 'CREDIT_CARD', method: null, label: { tr: 'Kredi kartı', en: 'Credit card' }, plugin: null, bankAccountTypes: [] },
      { paymentType: 'CREDIT_CARD', method: 'pos.device', label: { tr: 'POS cihazı', en: 'POS device' }, plugin: 'pos', bankAccountTypes: ['POS'] },
    ]));
    await renderWorkbench({ plugins: [plugin], path: '/pharmacy-sale', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Reçeteli Satış' });
    const input = within(page).getByRole('textbox', { name: 'Reçete no ya da karekod' });
    await waitFor(() => expect(input).toHaveFocus());
    await waitFor(() => expect(s.requests.some((r) => r.path.startsWith(`${API}/payment-methods`))).toBe(true));
    const user = userEvent.setup();
    await user.keyboard('1a2b3c4{Enter}');
    await within(page).findByText(/Reçete bulunamadı/);
    await user.keyboard('{F2}');
    await within(page).findByRole('region', { name: 'Reçete' });
    await user.keyboard(`${typed(BOX_A)}{Enter}`);
    await waitFor(() => expect(within(page).getByLabelText('Okutulan kutu: KABIVEN PERIPHERAL 1440 ML')).toHaveTextContent('1/1'));
    await waitFor(() => expect(within(page).getByRole('button', { name: 'Kredi kartı' })).toBeEnabled());
    // F9 right after F7: pressed while the share is being computed, it waits for it and then pays.
    await user.keyboard('{F7}{F9}');
    await within(page).findByRole('status', { name: 'Satışın faturası' });
    expect(s.requests.filter((r) => r.path === `${API}/recetes/invoice`).map((r) => r.body)).toEqual([{ receteId: 1, paymentType: 'CREDIT_CARD', method: 'pos.device' }]);
  });

  it('says a malformed QR code is unreadable, without asking the server', async () => {
    const { server: s } = counterServer();
    await renderWorkbench({ plugins: [plugin], path: '/pharmacy-sale', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Reçeteli Satış' });
    await waitFor(() => expect(within(page).getByRole('textbox', { name: 'Reçete no ya da karekod' })).toHaveFocus());
    const user = userEvent.setup();
    await user.keyboard(`${typed('010869963069718021EGF2KP6NK0JY\x1d1727132810NDJZKH')}{Enter}`);
    expect(await within(page).findByRole('alert')).toHaveTextContent('Karekod okunamadı');
    expect(s.requests.some((r) => r.path.includes('/boxes') || r.path.includes('/recete'))).toBe(false);
  });

  it('when Medula is down offers the manual prescription (F4) and goes on with the share from the local lists', async () => {
    const { server: s } = counterServer({ medulaDown: true });
    await renderWorkbench({ plugins: [plugin], path: '/pharmacy-sale', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Reçeteli Satış' });
    await waitFor(() => expect(within(page).getByRole('textbox', { name: 'Reçete no ya da karekod' })).toHaveFocus());
    const user = userEvent.setup();
    await user.keyboard('1A2B3C4{Enter}');
    await within(page).findByText(/Reçete bulunamadı/);
    await user.keyboard('{F2}');
    expect(await within(page).findByRole('alert')).toHaveTextContent("Medula'ya ulaşılamadı. Satışa devam etmek için reçeteyi elle girin (F4).");
    await user.keyboard('{F4}');
    const dialog = await screen.findByRole('dialog', { name: 'Manuel reçete' });
    expect(within(dialog).getByLabelText(/E-reçete no/)).toHaveValue('1A2B3C4');
    // Required fields first: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Reçeteyi kaydet' }));
    expect(within(dialog).getAllByText('Bu alan zorunludur.').length).toBeGreaterThan(3);
    expect(s.requests.some((r) => r.path === `${API}/save-manual-recete`)).toBe(false);
    await user.type(within(dialog).getByLabelText(/Hasta T\.C\. kimlik no/), '10000000146');
    await user.type(within(dialog).getByLabelText(/Hasta adı/), 'Ayşe');
    await user.type(within(dialog).getByLabelText(/Hasta soyadı/), 'Yılmaz');
    // The provision type from the form's choices; the facility picked from the pharmacy's list.
    await user.selectOptions(within(dialog).getByLabelText('Provizyon tipi'), 'ACIL');
    await user.type(within(dialog).getByLabelText('Tesis ara (ad ya da kod)'), 'devlet{Enter}');
    const facilities = await within(dialog).findByRole('table', { name: 'Bulunan tesisler' });
    expect(within(facilities).getAllByRole('row')).toHaveLength(1);
    await user.click(within(facilities).getByRole('button', { name: 'Seç: Demo Devlet Hastanesi' }));
    expect(within(dialog).getByLabelText(/Tesis kodu/)).toHaveValue('11069901');
    expect(dialog).toHaveTextContent('Demo Devlet Hastanesi');
    // Medula's doctor list cannot answer: said, and the doctor is typed.
    await user.type(within(dialog).getByLabelText('Doktor ara (Medula)'), 'Mehmet');
    await user.click(within(dialog).getAllByRole('button', { name: 'Ara' })[1]!);
    expect(await within(dialog).findByText("Medula'ya ulaşılamıyor; doktoru elle yazın.")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Doktor adı/), 'Mehmet');
    await user.type(within(dialog).getByLabelText(/Doktor soyadı/), 'Öz');
    await user.type(within(dialog).getByLabelText('1. ilaç barkodu'), '8699630697180');
    await user.click(within(dialog).getByRole('button', { name: 'Reçeteyi kaydet' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Manuel reçete' })).toBeNull());
    const sent = s.requests.find((r) => r.path === `${API}/save-manual-recete`)!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ type: 'ManualPrescription', ereceteNo: '1A2B3C4', patientTckn: '10000000146', patientName: 'Ayşe', patientSurname: 'Yılmaz', doctorName: 'Mehmet', facilityCode: '11069901', provisionType: 'ACIL', medicines: [{ barcode: '8699630697180', count: 1 }] });
    const share = await within(page).findByRole('region', { name: 'Hasta katılım payı' });
    expect(share).toHaveTextContent("Medula'ya ulaşılamadı; katılım payı yerel listelerden hesaplandı");
    // The header names the prescription by its e-prescription number, not the local row's 'L1'.
    expect(within(page).getByRole('region', { name: 'Reçete' })).toHaveTextContent('Reçete 1A2B3C4');
    expect(within(page).getByRole('region', { name: 'Reçete' })).not.toHaveTextContent('Reçete L1');
    // Saving at Medula waits in the Medula outbox: said, and the sale goes on.
    await user.keyboard('{Control>}s{/Control}');
    await within(page).findByText("Medula'ya ulaşılamadı; reçete kaydı sıraya alındı.");
    // The sale goes on: a box, cash.
    await user.keyboard(`${typed(BOX_A)}{Enter}`);
    await waitFor(() => expect(within(page).getByLabelText('Okutulan kutu: KABIVEN PERIPHERAL 1440 ML')).toHaveTextContent('1/1'));
    await user.keyboard('{F8}');
    await within(page).findByRole('status', { name: 'Satışın faturası' });
  });

  it('opens the Medula login when Medula asks for one, and reads again after it', async () => {
    const { server: s } = counterServer();
    let logged = false;
    s.on(`GET ${API}/e-recete-request`, async () => (logged
      ? new Response(JSON.stringify({ id: 1, receteNo: '1A2B3C4', type: 'EPrescription' }), { headers: { 'content-type': 'application/json' } })
      : new Response(JSON.stringify({ title: 'Medula oturumu yok', status: 409, code: 'MEDULA_NOT_LOGGED' }), { status: 409, headers: { 'content-type': 'application/problem+json' } })));
    s.on(`GET ${API}/login-page`, () => new Response(JSON.stringify({ captchaImage: 'data:image/svg+xml;base64,PHN2Zy8+', captchaToken: 'tok-1' }), { headers: { 'content-type': 'application/json' } }));
    s.on(`POST ${API}/login`, async (req) => {
      const b = await req.json() as { captcha: string };
      if (b.captcha !== 'AB12') return new Response(JSON.stringify({ title: 'Medulaya giriş işlemi başarısız oldu', status: 401, code: 'MEDULA_LOGIN_FAILED' }), { status: 422, headers: { 'content-type': 'application/problem+json' } });
      logged = true;
      return new Response(JSON.stringify({ state: 'LOGGED' }), { headers: { 'content-type': 'application/json' } });
    });
    s.on(`GET ${API}/pharmacy-settings`, () => json({ medula: { mode: 'sandbox', username: 'eczane1', passwordSet: true, pharmacyCode: null }, its: { mode: 'sandbox', username: null, passwordSet: false }, uts: { mode: 'sandbox', tokenSet: false }, shareRules: {} }));
    await renderWorkbench({ plugins: [plugin], path: '/pharmacy-sale', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Reçeteli Satış' });
    await waitFor(() => expect(within(page).getByRole('textbox', { name: 'Reçete no ya da karekod' })).toHaveFocus());
    const user = userEvent.setup();
    await user.keyboard('1A2B3C4{Enter}');
    await within(page).findByText(/Reçete bulunamadı/);
    await user.keyboard('{F2}');
    const dialog = await screen.findByRole('dialog', { name: 'Medula girişi' });
    // The company's Medula user from the pharmacy settings is offered.
    await waitFor(() => expect(within(dialog).getByLabelText(/Kullanıcı adı/)).toHaveValue('eczane1'));
    await user.clear(within(dialog).getByLabelText(/Kullanıcı adı/));
    expect(within(dialog).getByRole('img', { name: 'Güvenlik kodu resmi' })).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    expect(within(dialog).getByLabelText(/E-reçete no/)).toHaveValue('1A2B3C4');
    // Every field is required (seeds 001 §5); the national ID passes its check digits.
    await user.click(within(dialog).getByRole('button', { name: 'Giriş yap' }));
    expect(within(dialog).getAllByText('Bu alan zorunludur.')).toHaveLength(4);
    await user.type(within(dialog).getByLabelText(/Kullanıcı adı/), 'eczane1');
    await user.type(within(dialog).getByLabelText(/Şifre/), 'gizli');
    await user.type(within(dialog).getByLabelText(/^Güvenlik kodu/), 'XX');
    await user.type(within(dialog).getByLabelText(/T\.C\. kimlik no/), '12345678901');
    await user.click(within(dialog).getByRole('button', { name: 'Giriş yap' }));
    expect(within(dialog).getByText('Geçerli bir T.C. kimlik numarası girin.')).toBeInTheDocument();
    expect(s.requests.some((r) => r.path.startsWith(`${API}/login?`))).toBe(false);
    await user.clear(within(dialog).getByLabelText(/T\.C\. kimlik no/));
    await user.type(within(dialog).getByLabelText(/T\.C\. kimlik no/), '10000000146');
    await user.click(within(dialog).getByRole('button', { name: 'Giriş yap' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Medulaya giriş işlemi başarısız oldu');
    expect(within(dialog).getByLabelText(/^Güvenlik kodu/)).toHaveValue('');
    await user.type(within(dialog).getByLabelText(/^Güvenlik kodu/), 'AB12');
    await user.click(within(dialog).getByRole('button', { name: 'Giriş yap' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Medula girişi' })).toBeNull());
    expect(s.requests.filter((r) => r.method === 'POST' && r.path.startsWith(`${API}/login?progressId=`)).at(-1)!.body).toEqual({
      username: 'eczane1', password: 'gizli', captcha: 'AB12', captchaToken: 'tok-1', tckn: '10000000146', ereceteNo: '1A2B3C4',
    });
    await within(page).findByRole('region', { name: 'Reçete' });
  });
});
