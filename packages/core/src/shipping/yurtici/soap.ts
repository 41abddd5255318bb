import { XMLParser } from 'fast-xml-parser';

/**
 * The SOAP 1.1 envelopes of Yurtiçi Kargo's `ShippingOrderDispatcherServices` (KOPSWebServices) and the
 * reading of its answers. From the service's WSDL (document/literal, `soapAction=""`, target namespace
 * below; the operation element is qualified, its children are not):
 *
 * - `createShipment(wsUserName, wsPassword, userLanguage, ShippingOrderVO*)` →
 *   `createShipmentResponse/ShippingOrderResultVO(outFlag, outResult, errCode, count, jobId,
 *   shippingOrderDetailVO*(cargoKey, errCode, errMessage, invoiceKey))`
 * - `queryShipment(wsUserName, wsPassword, wsLanguage, keys*, keyType, addHistoricalData, onlyTracking)` →
 *   `queryShipmentResponse/ShippingDeliveryVO(outFlag, outResult, errCode, count, senderCustId,
 *   shippingDeliveryDetailVO*(cargoKey, errCode, errMessage, invoiceKey, jobId, operationCode,
 *   operationMessage, operationStatus, shippingDeliveryItemDetailVO(docId, trackingUrl, …,
 *   invDocCargoVOArray*(unitName, eventId, eventName, reasonName, eventDate, eventTime, cityName, townName))))`
 * - `cancelShipment(wsUserName, wsPassword, userLanguage, cargoKeys*)` →
 *   `cancelShipmentResponse/ShippingOrderResultVO(outFlag, outResult, errCode, count, senderCustId,
 *   shippingCancelDetailVO*(cargoKey, docId, errCode, errMessage, invoiceKey, jobId, operationCode,
 *   operationMessage, operationStatus))`
 *
 * Note the language element: `userLanguage` for create and cancel, `wsLanguage` for query (the WSDL's own
 * difference). Refusals come inside HTTP 200 (`outFlag` 0 = at least one record done, 1 = none, 2 = an
 * unexpected error; `errCode`/`errMessage` per shipment); a SOAP Fault (`YurticikargoWSException` with
 * `errorCode`/`errText`) comes with HTTP 500.
 */
export const YURTICI_NAMESPACE = 'http://yurticikargo.com.tr/ShippingOrderDispatcherServices';
export const SOAP_ENVELOPE_NAMESPACE = 'http://schemas.xmlsoap.org/soap/envelope/';

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are never valid in XML 1.0.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

/** Text as XML element content; control characters are dropped. */
export const escapeXml = (text: string) =>
  text.replace(CONTROL, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);

export type Field = readonly [name: string, value: string | number | boolean | undefined];

/** Unqualified child elements in the order given (the WSDL's sequence); undefined ones are left out. */
export const children = (fields: readonly Field[]) =>
  fields
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `<${name}>${escapeXml(String(value))}</${name}>`)
    .join('');

/** A request envelope for one operation of the service. */
export const envelope = (operation: string, body: string) =>
  '<?xml version="1.0" encoding="UTF-8"?>' +
  `<soapenv:Envelope xmlns:soapenv="${SOAP_ENVELOPE_NAMESPACE}" xmlns:ship="${YURTICI_NAMESPACE}">` +
  `<soapenv:Header/><soapenv:Body><ship:${operation}>${body}</ship:${operation}></soapenv:Body>` +
  '</soapenv:Envelope>';

/** Elements that may repeat, read as arrays even when one came. */
const REPEATED = new Set([
  'ShippingOrderVO',
  'shippingOrderDetailVO',
  'shippingCancelDetailVO',
  'shippingDeliveryDetailVO',
  'invDocCargoVOArray',
  'invDocFieldVOArray',
  'keys',
  'cargoKeys',
]);

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  // Every value stays text: cargo keys and document ids are digit strings whose leading zeros count.
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => REPEATED.has(name),
});

/** A parsed XML element: text, or children by local name. */
export type XmlNode = string | { [name: string]: XmlNode | XmlNode[] | undefined };

/** The Body of a SOAP envelope by local names, or null when the text is not one. */
export function soapBody(xml: string): Record<string, XmlNode | XmlNode[] | undefined> | null {
  let doc: unknown;
  try {
    doc = parser.parse(xml);
  } catch {
    return null;
  }
  const body = (doc as { Envelope?: { Body?: unknown } } | undefined)?.Envelope?.Body;
  return body !== null && typeof body === 'object' ? (body as Record<string, XmlNode>) : null;
}

/** A child element of `node` (the first when it repeats). */
export function child(node: XmlNode | XmlNode[] | undefined, name: string): XmlNode | undefined {
  const one = Array.isArray(node) ? node[0] : node;
  if (one === undefined || typeof one === 'string') return undefined;
  const value = one[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The repeated children `name` of `node`. */
export function list(node: XmlNode | undefined, name: string): XmlNode[] {
  if (node === undefined || typeof node === 'string') return [];
  const value = node[name];
  if (value === undefined || value === '') return [];
  return Array.isArray(value) ? value : [value];
}

/** The text of the child `name` ('' when absent or empty). */
export function text(node: XmlNode | undefined, name: string): string {
  const value = child(node, name);
  return typeof value === 'string' ? value : '';
}

/** A SOAP Fault in the body: its faultstring and Yurtiçi's `YurticikargoWSException` detail, when any. */
export function soapFault(
  body: Record<string, XmlNode | XmlNode[] | undefined>,
): { message: string; errorCode: string } | null {
  const fault = body.Fault;
  if (fault === undefined) return null;
  const node = Array.isArray(fault) ? fault[0] : fault;
  const exception = child(child(node, 'detail'), 'YurticikargoWSException');
  return {
    message: text(exception, 'errText') || text(node, 'faultstring'),
    errorCode: text(exception, 'errorCode'),
  };
}
