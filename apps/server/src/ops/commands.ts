import {
  categoryFieldHelp,
  parseStateArgument,
  productFieldHelp,
  type Services,
  seedDemo,
  settingDefinitions,
  settingKeys,
  settingText,
} from '@vitrin/core';
import type { AuditEntry } from '@vitrin/core/audit/record';
import { formatShortDateTime } from '@vitrin/shared/dates';
import { formatMoney } from '@vitrin/shared/money';
import { ORDER_STATE, ORDER_STATE_CODES, ORDER_STATES } from '@vitrin/shared/order-states';
import { TICKET_STATUSES, type TicketStatus } from '@vitrin/shared/ticket-status';
import { BACKUP_USAGE, DUMP_COMMAND, dumpCommand } from './backup-command.ts';
import { commandError, commandOptions } from './command-error.ts';
import { STAFF_USAGE, staffCommand } from './staff-command.ts';
import { STORAGE_USAGE } from './storage-command.ts';
import { TRENDYOL_USAGE, trendyolCommand } from './trendyol-command.ts';

export const USAGE = `Kullanım: npm run vitrin -- <komut>

Komutlar:
  migrate                     Veritabanı şemasını günceller
  seed                        Boş bir mağazaya demo verisini yükler
  settings list               Tüm ayarları ve değerlerini gösterir
  settings get ANAHTAR        Bir ayarın değerini gösterir
  settings set ANAHTAR DEĞER  Bir ayarı değiştirir (ör. settings set is_online 0)
  product show KISA-AD        Bir ürünün fiyatını, stoğunu ve durumunu gösterir
  product set KISA-AD ALAN DEĞER
                              Bir ürünü değiştirir (ör. product set kupa-mavi price 249,90)
  category list               Kategorileri listeler
  category set KISA-AD ALAN DEĞER
                              Bir kategoriyi değiştirir (ör. category set seramik featured 1)
  customer wholesale E-POSTA on|off
                              Müşteriye toptan fiyatları açar ya da kapatır
  order status SİPARİŞ-NO DURUM [--cargo FİRMA --tracking TAKİP-NO] [--note NOT]
                              Siparişin durumunu değiştirir ve müşteriye e-posta gönderir
                              (ör. order status VT7K2M9Q 2 --cargo "Yurtiçi Kargo" --tracking 123456)
  order refunded SİPARİŞ-NO   İptal edilen Havale / EFT siparişinin parasının iade edildiğini kaydeder
  order list [--status DURUM] Siparişleri listeler (en yeni önce, en çok 50)
  order show SİPARİŞ-NO       Bir siparişi satırları, ödemesi, adresleri ve geçmişiyle gösterir
  mail list [--failed]        E-posta kuyruğunu gösterir (--failed: yalnızca gönderilemeyenler)
  mail retry NO               Bekleyen ya da gönderilemeyen bir e-postayı hemen yeniden dener
  einvoice list [--failed]    E-faturaları gösterir (--failed: yalnızca kesilemeyenler)
  einvoice retry SİPARİŞ-NO   Bekleyen ya da kesilemeyen bir siparişin faturasını hemen yeniden dener
  ticket list [open|answered|closed]
                              Destek taleplerini listeler (son değişen önce)
  ticket show TALEP-NO        Bir talebi mesajlarıyla gösterir
  ticket reply TALEP-NO "MESAJ"
                              Talebe mağaza adına yanıt yazar, durumunu Yanıtlandı yapar ve
                              müşteriye e-posta gönderir
${TRENDYOL_USAGE}
${STAFF_USAGE}
${BACKUP_USAGE}
${STORAGE_USAGE}

Ürün alanları:
${productFieldHelp.map((l) => `  ${l}`).join('\n')}
Kategori alanları:
${categoryFieldHelp.map((l) => `  ${l}`).join('\n')}
Sipariş durumları:
${ORDER_STATE_CODES.map((c) => `  ${c} ${ORDER_STATES[c].label}`).join('\n')}`;

/**
 * Runs one CLI command against the services. The same code runs in the CLI process (PostgreSQL, or an
 * embedded database nobody holds) and inside the server when the CLI forwards through the control socket.
 */
export async function runCommand(
  services: Services,
  args: readonly string[],
  /** Aborted when the CLI that sent the command over the control socket is gone. */
  signal?: AbortSignal,
): Promise<string> {
  const [command, sub, ...rest] = args;
  switch (command) {
    case 'migrate':
      await services.database.migrate();
      return 'Veritabanı şeması güncel.';
    case 'seed':
      if (!(await services.audit.within((tx) => seedDemo(tx), seedEntry))) {
        return 'Mağazada zaten veri var; demo verisi yüklenmedi.';
      }
      await services.cache.invalidateAll();
      return 'Demo mağaza verisi yüklendi.';
    case 'settings':
      return await settingsCommand(services, sub, rest);
    case 'product':
      return await productCommand(services, sub, rest);
    case 'category':
      return await categoryCommand(services, sub, rest);
    case 'customer':
      return await customerCommand(services, sub, rest);
    case 'order':
      return await orderCommand(services, sub, rest);
    case 'ticket':
      return await ticketCommand(services, sub, rest);
    case 'mail':
      return await mailCommand(services, sub, rest);
    case 'einvoice':
      return await einvoiceCommand(services, sub, rest);
    case 'trendyol':
      return await trendyolCommand(services, sub, rest);
    case 'staff':
      return await staffCommand(services, sub, rest);
    case DUMP_COMMAND:
      return await dumpCommand(services, args.slice(1), signal);
    case undefined:
    case 'help':
    case '--help':
      return USAGE;
    default:
      throw commandError('KOMUT_BILINMIYOR', `Bilinmeyen komut "${command}".\n\n${USAGE}`);
  }
}

async function settingsCommand(services: Services, sub: string | undefined, args: string[]) {
  if (sub === 'list') {
    const values = await services.settings.all();
    return settingKeys
      .map((k) => `${k} = ${settingText(values[k])}    # ${settingDefinitions[k].description}`)
      .join('\n');
  }
  if (sub === 'get' && args.length === 1) {
    const [key] = args as [string];
    const values = await services.settings.all();
    if (!Object.hasOwn(values, key)) {
      throw commandError(
        'AYAR_BILINMIYOR',
        `Bilinmeyen ayar "${key}". Bilinen ayarlar: ${settingKeys.join(', ')}`,
      );
    }
    return settingText(values[key as keyof typeof values]);
  }
  if (sub === 'set' && args.length === 2) {
    const [key, value] = args as [string, string];
    // Maintenance (is_online) is a setting too: the log shows who switched the shop off and on.
    const stored = await services.settings.set(key, value, CLI);
    return `${key} = ${settingText(stored)}`;
  }
  throw badArguments();
}

/**
 * The audit log's actor for the command line. Every command that changes the shop passes it to the service
 * making the change, which writes the entry in the change's transaction (`migrate` changes the schema, not
 * the shop's data, and is not recorded).
 */
const CLI = { kind: 'cli' } as const;

/** The demo shop loaded into an empty one: what came in, in counts (the rows themselves are the shop). */
const seedEntry = (seeded: boolean): AuditEntry | null =>
  seeded
    ? { actor: CLI, action: 'shop.seed', entity: 'shop', before: { demo: false }, after: { demo: true } }
    : null;

const badArguments = () => commandError('KOMUT_GECERSIZ', `Eksik ya da fazla bağımsız değişken.\n\n${USAGE}`);

async function productCommand(services: Services, sub: string | undefined, args: string[]) {
  if (sub === 'show' && args.length === 1) return services.catalogAdmin.showProduct(args[0]!);
  if (sub === 'set' && args.length === 3) {
    const [slug, field, value] = args as [string, string, string];
    return services.catalogAdmin.setProduct(slug, field, value, CLI);
  }
  throw badArguments();
}

async function categoryCommand(services: Services, sub: string | undefined, args: string[]) {
  if (sub === 'list' && args.length === 0) return services.catalogAdmin.listCategories();
  if (sub === 'set' && args.length === 3) {
    const [slug, field, value] = args as [string, string, string];
    return services.catalogAdmin.setCategory(slug, field, value, CLI);
  }
  throw badArguments();
}

const SWITCH: Record<string, boolean> = {
  on: true,
  off: false,
  '1': true,
  '0': false,
  evet: true,
  hayır: false,
};

async function customerCommand(services: Services, sub: string | undefined, args: string[]) {
  if (sub === 'wholesale' && args.length === 2) {
    const [email, value] = args as [string, string];
    const on = SWITCH[value.toLocaleLowerCase('tr-TR')];
    if (on === undefined) {
      throw commandError('KOMUT_GECERSIZ', `Toptan fiyat için "on" ya da "off" yazın: "${value}"`);
    }
    const customer = await services.customerAdmin.setWholesale(CLI, email, on);
    // Takes effect at the customer's next request: prices follow the session, not the cookie.
    return on
      ? `${customer.email}: toptan fiyatlar açıldı (${customer.firstName} ${customer.lastName}).`
      : `${customer.email}: toptan fiyatlar kapatıldı; perakende fiyatlar gösterilecek.`;
  }
  throw badArguments();
}

const ORDER_OPTIONS = ['--cargo', '--tracking', '--note'];

/**
 * `order status NO STATE [--cargo NAME --tracking NO] [--note TEXT]`, through changeStatus as the operator;
 * `order refunded NO`: the shop sent a cancelled transfer order's money back.
 */
async function orderCommand(services: Services, sub: string | undefined, args: string[]) {
  if (sub === 'refunded' && args.length === 1) {
    const order = await services.orders.markRefunded(args[0]!.trim(), CLI);
    return `${order.orderNo}: ödeme iade edildi olarak kaydedildi.`;
  }
  if (sub === 'list') return orderList(services, args);
  if (sub === 'show' && args.length === 1) return orderShow(services, args[0]!);
  if (sub !== 'status' || args.length < 2) throw badArguments();
  const [orderNo, stateText, ...optionArgs] = args as [string, string, ...string[]];
  const options = commandOptions(optionArgs, ORDER_OPTIONS);
  const state = stateArgument(stateText);
  const changed = await services.orders.changeStatus(
    orderNo.trim(),
    state,
    {
      actor: 'operator',
      note: options['--note'],
      cargoCompany: options['--cargo'],
      trackingNo: options['--tracking'],
    },
    CLI,
  );
  // A card refund and the e-mail go out before the CLI process closes the database.
  if (changed.refundDue) await services.payments.refundDue();
  await services.orders.drainMail();
  const cargo =
    changed.to === ORDER_STATE.Shipped
      ? ` (kargo: ${changed.cargoCompany}, takip no: ${changed.trackingNo})`
      : '';
  return `${changed.orderNo}: ${ORDER_STATES[changed.from].label} → ${ORDER_STATES[changed.to].label}${cargo}. Müşteriye e-posta gönderildi.`;
}

/** A state typed by the operator (0-7), or GECERSIZ_DURUM naming every state. */
function stateArgument(text: string) {
  const state = parseStateArgument(text);
  if (state !== undefined) return state;
  throw commandError(
    'GECERSIZ_DURUM',
    `Geçersiz durum "${text}". Durumlar: ${ORDER_STATE_CODES.map((c) => `${c} (${ORDER_STATES[c].label})`).join(', ')}`,
  );
}

const money = (minor: number) => formatMoney(minor, 'TRY');

/** `order list [--status N]`: the newest orders, one line each. */
async function orderList(services: Services, args: string[]) {
  if (args.length !== 0 && (args.length !== 2 || args[0] !== '--status')) throw badArguments();
  const status = args.length === 2 ? stateArgument(args[1]!) : undefined;
  const rows = await services.orders.listAll({ status });
  if (rows.length === 0) return status === undefined ? 'Sipariş yok.' : 'Bu durumda sipariş yok.';
  return rows
    .map(
      (o) =>
        `${o.orderNo}  ${ORDER_STATES[stateArgument(String(o.status))].label.padEnd(16)}  ${formatShortDateTime(o.createdAt)}  ${money(o.totalMinor).padStart(12)}  ${o.paymentMethodLabel} – ${o.paymentStatusLabel}  ${o.buyer} <${o.email}>`,
    )
    .join('\n');
}

/** `order show NO`: what the shop needs to prepare and ship the order. */
async function orderShow(services: Services, orderNo: string) {
  const o = await services.orders.show(orderNo);
  const address = (a: NonNullable<typeof o.shippingAddress>) =>
    `${a.firstName} ${a.lastName}, ${a.line}, ${a.district} / ${a.province}${a.postcode ? ` ${a.postcode}` : ''}, ${a.phone}`;
  const t = o.totals;
  return [
    `${o.orderNo} · ${o.state.label} · ${formatShortDateTime(o.createdAt)}`,
    `Müşteri: ${o.billingAddress.firstName} ${o.billingAddress.lastName} <${o.email}>, ${o.phone}`,
    `Ödeme: ${o.paymentMethodLabel}${o.instalments > 1 ? ` (${o.instalments} taksit)` : ''} – ${o.paymentStatusLabel}`,
    '',
    ...o.lines.map(
      (l) =>
        `- ${l.name}${
          Object.keys(l.options).length
            ? ` (${Object.entries(l.options)
                .map(([k, v]) => `${k}: ${v}`)
                .join(', ')})`
            : ''
        } [${l.sku}] × ${l.quantity}: ${money(l.lineTotalMinor)}`,
    ),
    '',
    `Ara toplam: ${money(t.subtotalMinor)}`,
    ...(t.discountMinor > 0
      ? [`İndirim${o.couponCode ? ` (${o.couponCode})` : ''}: -${money(t.discountMinor)}`]
      : []),
    `Kargo: ${t.shippingMinor > 0 ? money(t.shippingMinor) : 'Ücretsiz'}`,
    ...(t.codFeeMinor > 0 ? [`Kapıda ödeme hizmet bedeli: ${money(t.codFeeMinor)}`] : []),
    ...(t.instalmentFeeMinor > 0 ? [`Taksit farkı: ${money(t.instalmentFeeMinor)}`] : []),
    `Genel toplam: ${money(t.totalMinor)}`,
    '',
    `Teslimat adresi: ${o.shippingAddress ? address(o.shippingAddress) : 'yok (sanal ürünler)'}`,
    `Fatura adresi: ${address(o.billingAddress)}`,
    ...(o.note.trim() ? [`Sipariş notu: ${o.note.trim()}`] : []),
    ...(o.cargo ? [`Kargo: ${o.cargo.company}, takip no: ${o.cargo.trackingNo}`] : []),
    '',
    'Geçmiş:',
    ...o.history.map(
      (h) => `  ${formatShortDateTime(h.at)}  ${h.state.label}${h.note ? ` – ${h.note}` : ''}`,
    ),
  ].join('\n');
}

const MAIL_STATUSES = { pending: 'Bekliyor', sent: 'Gönderildi', failed: 'Gönderilemedi' } as const;

/** `mail list [--failed]`, `mail retry NO`: the e-mail queue until the admin panel shows it. */
async function mailCommand(services: Services, sub: string | undefined, args: string[]) {
  if (sub === 'list' && (args.length === 0 || (args.length === 1 && args[0] === '--failed'))) {
    const rows = await services.mail.list({ failed: args[0] === '--failed' });
    if (rows.length === 0) return args.length ? 'Gönderilemeyen e-posta yok.' : 'E-posta kuyruğu boş.';
    return rows
      .map((m) => {
        const when =
          m.status === 'sent'
            ? `gönderildi ${formatShortDateTime(m.sentAt!)}`
            : m.status === 'pending'
              ? `sonraki deneme ${formatShortDateTime(m.nextAttemptAt)}`
              : `${m.attempts} deneme`;
        const error = m.status !== 'sent' && m.lastError ? `\n      son hata: ${m.lastError}` : '';
        return `${String(m.id).padStart(5)}  ${MAIL_STATUSES[m.status].padEnd(13)}  ${formatShortDateTime(m.createdAt)}  ${m.kind}  ${m.to}  "${m.subject}"  (${when})${error}`;
      })
      .join('\n');
  }
  if (sub === 'retry' && args.length === 1) {
    const id = /^\d{1,9}$/.test(args[0]!.trim()) ? Number(args[0]!.trim()) : Number.NaN;
    const mail = Number.isNaN(id) ? null : await services.mail.retry(id, CLI);
    if (!mail) throw commandError('EPOSTA_BULUNAMADI', `E-posta bulunamadı: "${args[0]}".`);
    if (mail.status === 'sent') return `${mail.id}: e-posta gönderildi (${mail.to}).`;
    return `${mail.id}: e-posta yine gönderilemedi (${mail.lastError ?? 'bilinmeyen hata'}); ${MAIL_STATUSES[mail.status] === 'Bekliyor' ? `sonraki deneme ${formatShortDateTime(mail.nextAttemptAt)}` : 'kuyrukta gönderilemeyen olarak kaldı'}.`;
  }
  throw badArguments();
}

const INVOICE_STATUSES = {
  pending: 'Bekliyor',
  issued: 'Kesildi',
  failed: 'Kesilemedi',
  cancelled: 'İptal',
} as const;
const INVOICE_TYPES = { e_archive: 'e-Arşiv', e_invoice: 'e-Fatura' } as const;

/** `einvoice list [--failed]`, `einvoice retry SİPARİŞ-NO`: orders' e-invoices until the panel shows them. */
async function einvoiceCommand(services: Services, sub: string | undefined, args: string[]) {
  if (sub === 'list' && (args.length === 0 || (args.length === 1 && args[0] === '--failed'))) {
    const rows = await services.einvoicing.list({ failed: args[0] === '--failed' });
    if (rows.length === 0) return args.length ? 'Kesilemeyen fatura yok.' : 'Henüz e-fatura yok.';
    return rows
      .map((r) => {
        const what = r.number ? `${r.number} (${r.type ? INVOICE_TYPES[r.type] : ''})` : '-';
        const next =
          r.status === 'pending' && r.nextAttemptAt
            ? `  sonraki deneme ${formatShortDateTime(r.nextAttemptAt)}`
            : '';
        const error = r.status !== 'issued' && r.lastError ? `\n      son hata: ${r.lastError}` : '';
        return `${r.orderNo}  ${INVOICE_STATUSES[r.status].padEnd(10)}  ${what}  ${r.attempts} deneme${next}${error}`;
      })
      .join('\n');
  }
  if (sub === 'retry' && args.length === 1) {
    const invoice = await services.einvoicing.retry(args[0]!.trim());
    const reversal = invoice.reversal;
    if (reversal?.done)
      return `${args[0]!.trim()}: ${
        reversal.kind === 'cancel'
          ? `fatura ${invoice.number ?? ''} Paraşüt'te iptal edildi.`
          : reversal.kind === 'return'
            ? `fatura ${invoice.number ?? ''} için iade faturası kesildi (${reversal.number ?? ''}).`
            : `e-Fatura ${invoice.number ?? ''} için muhasebecinize danışın (siparişin notlarına bakın).`
      }`;
    if (invoice.status === 'cancelled')
      return `${args[0]!.trim()}: sipariş fatura kesilmeden iptal edildi; fatura kesilmedi.`;
    if (invoice.status === 'issued')
      return `${args[0]!.trim()}: fatura kesildi, ${invoice.type ? INVOICE_TYPES[invoice.type] : ''} ${invoice.number ?? ''}.`;
    throw commandError(
      'FATURA_KESILEMEDI',
      `${args[0]!.trim()}: ${reversal ? 'fatura iptal / iade edilemedi' : 'fatura yine kesilemedi'} (${invoice.lastError ?? 'bilinmeyen hata'}); ${invoice.status === 'pending' ? 'bir sonraki turda yeniden denenecek' : 'bilgileri düzeltip yeniden deneyin'}.`,
    );
  }
  throw badArguments();
}

/** `ticket list|show|reply`: the shop's side of support tickets until the admin panel exists. */
async function ticketCommand(services: Services, sub: string | undefined, args: string[]) {
  if (sub === 'list' && args.length <= 1) {
    const status = args[0];
    if (status !== undefined && !Object.hasOwn(TICKET_STATUSES, status)) {
      throw commandError(
        'KOMUT_GECERSIZ',
        `Geçersiz durum "${status}". Durumlar: ${Object.entries(TICKET_STATUSES)
          .map(([code, s]) => `${code} (${s.label})`)
          .join(', ')}`,
      );
    }
    const rows = await services.support.listAll(status as TicketStatus | undefined);
    if (rows.length === 0) return 'Destek talebi yok.';
    return rows
      .map(
        (t) =>
          `${t.ticketNo}  ${TICKET_STATUSES[t.status].label.padEnd(10)}  ${formatShortDateTime(t.updatedAt)}  ${t.email}  ${t.subject}${t.orderNo ? ` (sipariş ${t.orderNo})` : ''}`,
      )
      .join('\n');
  }
  if (sub === 'show' && args.length === 1) {
    const t = await services.support.show(args[0]!.trim());
    return [
      `${t.ticketNo} · ${t.status.label} · ${t.email}`,
      `Konu: ${t.subject}${t.orderNo ? ` (sipariş ${t.orderNo})` : ''}`,
      ...t.messages.map(
        (m) =>
          `\n[${formatShortDateTime(m.createdAt)}] ${m.author === 'shop' ? 'Mağaza' : 'Müşteri'}:\n${m.body}${m.attachment ? `\n(ek: ${m.attachment.name}, ${m.attachment.type})` : ''}`,
      ),
    ].join('\n');
  }
  if (sub === 'reply' && args.length === 2) {
    const [ticketNo, message] = args as [string, string];
    const t = await services.support.shopReply(CLI, ticketNo.trim(), message);
    // The e-mail goes out before the CLI process closes the database.
    await services.support.drainMail();
    return `${t.ticketNo}: yanıt eklendi, durum ${t.status.label}. Müşteriye e-posta gönderildi.`;
  }
  throw badArguments();
}
