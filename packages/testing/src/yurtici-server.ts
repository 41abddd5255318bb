import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeXml, YURTICI_NAMESPACE } from '@vitrin/core/shipping/yurtici/soap';
import { provinceByName } from '@vitrin/shared/address/turkey';
import { XMLParser } from 'fast-xml-parser';

/**
 * A local stand-in for Yurtiçi Kargo's SOAP service `ShippingOrderDispatcherServices` (KOPSWebServices),
 * written from its WSDL (served at `?wsdl`, trimmed to the three operations the shop uses) and the
 * service's technical document: `createShipment`, `queryShipment`, `cancelShipment`, document/literal.
 *
 * It holds requests to the WSDL (an element the operation's sequence does not name, one out of the
 * sequence's order, or a required one missing is a SOAP Fault, HTTP 500), checks `wsUserName`/`wsPassword`,
 * keeps shipments by cargoKey, and answers refusals inside HTTP 200 as Yurtiçi does: 60020 for a cargo key
 * it has, 82516 for a phone that is not ten digits after 0, 82502 for an address under 10 characters, 82517
 * for a city that is not an il, 8250x for cash on delivery without its amount or document. Each query
 * answers the shipment's state and then moves it on (NOP → ISR → IND → DLV, with a movement each step and a
 * gönderi kodu once a branch has it), as a parcel would move between the shop's reads.
 *
 * What the public material does not show and this stand-in chooses: the answer to a wrong user or password
 * (here outFlag 2 with "Kullanıcı adı veya şifre hatalı." and no detail), the texts of the refusals (the
 * document lists codes and constant names), and 82519 with "Kargo anahtarı bulunmamaktadır." for a query
 * of an unknown cargo key (82519 is documented for cancel).
 *
 * Knobs: `failNext(n, 'http500' | 'hang' | 'lose')` (500 without doing anything; no answer at all; done,
 * then a 500 as if the answer were lost), `creates` (shipments created), `requests`, `shipments` (by
 * cargoKey, with the fields received), `setStatus`.
 */
export const YURTICI_TEST_KEYS = { username: 'YKTEST', password: 'YK' };

/** The WSDL, trimmed to the operations the shop uses (types, messages, port, binding as Yurtiçi's). */
export const yurticiWsdl = (address: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions name="KOPSWebServices" targetNamespace="${YURTICI_NAMESPACE}" xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:tns="${YURTICI_NAMESPACE}" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:ns1="http://yurticikargo.com.tr/WSExceptions/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/">
  <types>
    <xs:schema targetNamespace="http://yurticikargo.com.tr/WSExceptions/" version="1.0" xmlns:tns="http://yurticikargo.com.tr/WSExceptions/" xmlns:xs="http://www.w3.org/2001/XMLSchema">
      <xs:element name="YurticikargoWSException" type="tns:YurticikargoWSException"/>
      <xs:complexType name="YurticikargoWSException"><xs:sequence>
        <xs:element name="errorCode" type="xs:int"/>
        <xs:element minOccurs="0" name="errText" type="xs:string"/>
      </xs:sequence></xs:complexType>
    </xs:schema>
    <xs:schema targetNamespace="${YURTICI_NAMESPACE}" version="1.0" xmlns:xs="http://www.w3.org/2001/XMLSchema">
      <xs:import namespace="http://yurticikargo.com.tr/WSExceptions/"/>
      <xs:element name="YurticikargoWSException" nillable="true" type="ns1:YurticikargoWSException"/>
      <xs:element name="cancelShipment" type="tns:cancelShipment"/>
      <xs:element name="cancelShipmentResponse" type="tns:cancelShipmentResponse"/>
      <xs:element name="createShipment" type="tns:createShipment"/>
      <xs:element name="createShipmentResponse" type="tns:createShipmentResponse"/>
      <xs:element name="queryShipment" type="tns:queryShipment"/>
      <xs:element name="queryShipmentResponse" type="tns:queryShipmentResponse"/>
      <xs:complexType name="createShipment"><xs:sequence>
        <xs:element minOccurs="0" name="wsUserName" type="xs:string"/>
        <xs:element minOccurs="0" name="wsPassword" type="xs:string"/>
        <xs:element minOccurs="0" name="userLanguage" type="xs:string"/>
        <xs:element maxOccurs="unbounded" minOccurs="0" name="ShippingOrderVO" type="tns:ShippingOrderVO"/>
      </xs:sequence></xs:complexType>
      <xs:complexType name="ShippingOrderVO"><xs:sequence>
        <xs:element minOccurs="0" name="cargoKey" type="xs:string"/>
        <xs:element minOccurs="0" name="invoiceKey" type="xs:string"/>
        <xs:element minOccurs="0" name="receiverCustName" type="xs:string"/>
        <xs:element minOccurs="0" name="receiverAddress" type="xs:string"/>
        <xs:element minOccurs="0" name="cityName" type="xs:string"/>
        <xs:element minOccurs="0" name="townName" type="xs:string"/>
        <xs:element minOccurs="0" name="receiverPhone1" type="xs:string"/>
        <xs:element minOccurs="0" name="receiverPhone2" type="xs:string"/>
        <xs:element minOccurs="0" name="receiverPhone3" type="xs:string"/>
        <xs:element minOccurs="0" name="emailAddress" type="xs:string"/>
        <xs:element name="taxOfficeId" type="xs:long"/>
        <xs:element minOccurs="0" name="taxNumber" type="xs:string"/>
        <xs:element minOccurs="0" name="taxOfficeName" type="xs:string"/>
        <xs:element minOccurs="0" name="desi" type="xs:double"/>
        <xs:element minOccurs="0" name="kg" type="xs:double"/>
        <xs:element name="cargoCount" type="xs:int"/>
        <xs:element minOccurs="0" name="waybillNo" type="xs:string"/>
        <xs:element minOccurs="0" name="specialField1" type="xs:string"/>
        <xs:element minOccurs="0" name="specialField2" type="xs:string"/>
        <xs:element minOccurs="0" name="specialField3" type="xs:string"/>
        <xs:element minOccurs="0" name="ttInvoiceAmount" type="xs:double"/>
        <xs:element name="ttDocumentId" type="xs:long"/>
        <xs:element minOccurs="0" name="ttCollectionType" type="xs:string"/>
        <xs:element minOccurs="0" name="ttDocumentSaveType" type="xs:string"/>
        <xs:element name="dcSelectedCredit" type="xs:long"/>
        <xs:element name="dcCreditRule" type="xs:long"/>
        <xs:element minOccurs="0" name="description" type="xs:string"/>
        <xs:element minOccurs="0" name="orgGeoCode" type="xs:string"/>
        <xs:element minOccurs="0" name="privilegeOrder" type="xs:string"/>
        <xs:element minOccurs="0" name="custProdId" type="xs:string"/>
        <xs:element minOccurs="0" name="orgReceiverCustId" type="xs:string"/>
      </xs:sequence></xs:complexType>
      <xs:complexType name="createShipmentResponse"><xs:sequence>
        <xs:element minOccurs="0" name="ShippingOrderResultVO" type="tns:shippingOrderResultVO"/>
      </xs:sequence></xs:complexType>
      <xs:complexType name="shippingOrderResultVO"><xs:complexContent><xs:extension base="tns:extendedBaseResultVO"><xs:sequence>
        <xs:element name="count" type="xs:long"/>
        <xs:element name="jobId" type="xs:long"/>
        <xs:element maxOccurs="unbounded" minOccurs="0" name="shippingOrderDetailVO" nillable="true" type="tns:shippingOrderDetailVO"/>
      </xs:sequence></xs:extension></xs:complexContent></xs:complexType>
      <xs:complexType name="extendedBaseResultVO"><xs:complexContent><xs:extension base="tns:baseResultVO"><xs:sequence>
        <xs:element minOccurs="0" name="errCode" type="xs:string"/>
      </xs:sequence></xs:extension></xs:complexContent></xs:complexType>
      <xs:complexType name="baseResultVO"><xs:sequence>
        <xs:element minOccurs="0" name="outFlag" type="xs:string"/>
        <xs:element minOccurs="0" name="outResult" type="xs:string"/>
      </xs:sequence></xs:complexType>
      <xs:complexType name="shippingOrderDetailVO"><xs:sequence>
        <xs:element minOccurs="0" name="cargoKey" type="xs:string"/>
        <xs:element minOccurs="0" name="errCode" type="xs:int"/>
        <xs:element minOccurs="0" name="errMessage" type="xs:string"/>
        <xs:element minOccurs="0" name="invoiceKey" type="xs:string"/>
      </xs:sequence></xs:complexType>
      <xs:complexType name="cancelShipment"><xs:sequence>
        <xs:element minOccurs="0" name="wsUserName" type="xs:string"/>
        <xs:element minOccurs="0" name="wsPassword" type="xs:string"/>
        <xs:element minOccurs="0" name="userLanguage" type="xs:string"/>
        <xs:element maxOccurs="unbounded" minOccurs="0" name="cargoKeys" type="xs:string"/>
      </xs:sequence></xs:complexType>
      <xs:complexType name="cancelShipmentResponse"><xs:sequence>
        <xs:element minOccurs="0" name="ShippingOrderResultVO" type="tns:shippingCancelResultVO"/>
      </xs:sequence></xs:complexType>
      <xs:complexType name="shippingCancelResultVO"><xs:complexContent><xs:extension base="tns:extendedBaseResultVO"><xs:sequence>
        <xs:element name="count" type="xs:long"/>
        <xs:element name="senderCustId" type="xs:long"/>
        <xs:element maxOccurs="unbounded" minOccurs="0" name="shippingCancelDetailVO" nillable="true" type="tns:shippingCancelDetailVO"/>
      </xs:sequence></xs:extension></xs:complexContent></xs:complexType>
      <xs:complexType name="shippingCancelDetailVO"><xs:sequence>
        <xs:element minOccurs="0" name="cargoKey" type="xs:string"/>
        <xs:element name="docId" type="xs:long"/>
        <xs:element minOccurs="0" name="errCode" type="xs:int"/>
        <xs:element minOccurs="0" name="errMessage" type="xs:string"/>
        <xs:element minOccurs="0" name="invoiceKey" type="xs:string"/>
        <xs:element name="jobId" type="xs:long"/>
        <xs:element minOccurs="0" name="operationCode" type="xs:int"/>
        <xs:element minOccurs="0" name="operationMessage" type="xs:string"/>
        <xs:element minOccurs="0" name="operationStatus" type="xs:string"/>
      </xs:sequence></xs:complexType>
      <xs:complexType name="queryShipment"><xs:sequence>
        <xs:element minOccurs="0" name="wsUserName" type="xs:string"/>
        <xs:element minOccurs="0" name="wsPassword" type="xs:string"/>
        <xs:element minOccurs="0" name="wsLanguage" type="xs:string"/>
        <xs:element maxOccurs="unbounded" minOccurs="0" name="keys" type="xs:string"/>
        <xs:element name="keyType" type="xs:int"/>
        <xs:element name="addHistoricalData" type="xs:boolean"/>
        <xs:element name="onlyTracking" type="xs:boolean"/>
      </xs:sequence></xs:complexType>
      <xs:complexType name="queryShipmentResponse"><xs:sequence>
        <xs:element minOccurs="0" name="ShippingDeliveryVO" type="tns:shippingDeliveryResultVO"/>
      </xs:sequence></xs:complexType>
      <xs:complexType name="shippingDeliveryResultVO"><xs:complexContent><xs:extension base="tns:extendedBaseResultVO"><xs:sequence>
        <xs:element name="count" type="xs:long"/>
        <xs:element name="senderCustId" type="xs:long"/>
        <xs:element maxOccurs="unbounded" minOccurs="0" name="shippingDeliveryDetailVO" nillable="true" type="tns:shippingDeliveryDetailVO"/>
      </xs:sequence></xs:extension></xs:complexContent></xs:complexType>
      <xs:complexType name="shippingDeliveryDetailVO"><xs:sequence>
        <xs:element minOccurs="0" name="cargoKey" type="xs:string"/>
        <xs:element minOccurs="0" name="errCode" type="xs:int"/>
        <xs:element minOccurs="0" name="errMessage" type="xs:string"/>
        <xs:element minOccurs="0" name="invoiceKey" type="xs:string"/>
        <xs:element name="jobId" type="xs:long"/>
        <xs:element minOccurs="0" name="operationCode" type="xs:int"/>
        <xs:element minOccurs="0" name="operationMessage" type="xs:string"/>
        <xs:element minOccurs="0" name="operationStatus" type="xs:string"/>
        <xs:element minOccurs="0" name="shippingDeliveryItemDetailVO" type="xs:anyType"/>
      </xs:sequence></xs:complexType>
    </xs:schema>
  </types>
  <message name="ShippingOrderDispatcherServices_createShipment"><part name="createShipment" element="tns:createShipment"/></message>
  <message name="ShippingOrderDispatcherServices_createShipmentResponse"><part name="createShipmentResponse" element="tns:createShipmentResponse"/></message>
  <message name="ShippingOrderDispatcherServices_queryShipment"><part name="queryShipment" element="tns:queryShipment"/></message>
  <message name="ShippingOrderDispatcherServices_queryShipmentResponse"><part name="queryShipmentResponse" element="tns:queryShipmentResponse"/></message>
  <message name="ShippingOrderDispatcherServices_cancelShipment"><part name="cancelShipment" element="tns:cancelShipment"/></message>
  <message name="ShippingOrderDispatcherServices_cancelShipmentResponse"><part name="cancelShipmentResponse" element="tns:cancelShipmentResponse"/></message>
  <message name="YurticikargoWSException"><part name="YurticikargoWSException" element="tns:YurticikargoWSException"/></message>
  <portType name="ShippingOrderDispatcherServices">
    <operation name="cancelShipment" parameterOrder="cancelShipment"><input message="tns:ShippingOrderDispatcherServices_cancelShipment"/><output message="tns:ShippingOrderDispatcherServices_cancelShipmentResponse"/><fault name="YurticikargoWSException" message="tns:YurticikargoWSException"/></operation>
    <operation name="createShipment" parameterOrder="createShipment"><input message="tns:ShippingOrderDispatcherServices_createShipment"/><output message="tns:ShippingOrderDispatcherServices_createShipmentResponse"/><fault name="YurticikargoWSException" message="tns:YurticikargoWSException"/></operation>
    <operation name="queryShipment" parameterOrder="queryShipment"><input message="tns:ShippingOrderDispatcherServices_queryShipment"/><output message="tns:ShippingOrderDispatcherServices_queryShipmentResponse"/><fault name="YurticikargoWSException" message="tns:YurticikargoWSException"/></operation>
  </portType>
  <binding name="ShippingOrderDispatcherServicesBinding" type="tns:ShippingOrderDispatcherServices">
    <soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
    <operation name="cancelShipment"><soap:operation soapAction=""/><input><soap:body use="literal"/></input><output><soap:body use="literal"/></output><fault name="YurticikargoWSException"><soap:fault name="YurticikargoWSException" use="literal"/></fault></operation>
    <operation name="createShipment"><soap:operation soapAction=""/><input><soap:body use="literal"/></input><output><soap:body use="literal"/></output><fault name="YurticikargoWSException"><soap:fault name="YurticikargoWSException" use="literal"/></fault></operation>
    <operation name="queryShipment"><soap:operation soapAction=""/><input><soap:body use="literal"/></input><output><soap:body use="literal"/></output><fault name="YurticikargoWSException"><soap:fault name="YurticikargoWSException" use="literal"/></fault></operation>
  </binding>
  <service name="ShippingOrderDispatcherServices">
    <port name="ShippingOrderDispatcherServicesPort" binding="tns:ShippingOrderDispatcherServicesBinding"><soap:address location="${escapeXml(address)}"/></port>
  </service>
</definitions>
`;

interface SequenceElement {
  name: string;
  required: boolean;
}

/** The sequences of the WSDL's complex types by name (what a request element may hold, in order). */
export function wsdlSequences(wsdl: string): Map<string, SequenceElement[]> {
  const doc = new XMLParser({ removeNSPrefix: true, ignoreAttributes: false, attributeNamePrefix: '' }).parse(
    wsdl,
  ) as { definitions: { types: { schema: unknown[] } } };
  const sequences = new Map<string, SequenceElement[]>();
  const asList = <T>(value: T | T[] | undefined): T[] =>
    value === undefined ? [] : Array.isArray(value) ? value : [value];
  for (const schema of asList(doc.definitions.types.schema) as Array<{ complexType?: unknown }>) {
    for (const type of asList(schema.complexType) as Array<{
      name: string;
      sequence?: { element: unknown };
    }>) {
      if (!type.sequence) continue;
      sequences.set(
        type.name,
        (asList(type.sequence.element) as Array<{ name: string; minOccurs?: string }>).map((e) => ({
          name: e.name,
          required: e.minOccurs !== '0',
        })),
      );
    }
  }
  return sequences;
}

/** An element of a request, its children in the order they came. */
interface Node {
  name: string;
  text: string;
  children: Node[];
}

type Ordered = Array<Record<string, unknown>>;
const orderedParser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  preserveOrder: true,
  parseTagValue: false,
  trimValues: true,
});

function toNodes(items: Ordered): Node[] {
  const nodes: Node[] = [];
  for (const item of items) {
    const name = Object.keys(item).find((key) => key !== ':@');
    if (!name || name === '#text' || name === '?xml') continue;
    const inner = item[name] as Ordered;
    const text = inner
      .filter((i) => '#text' in i)
      .map((i) => String(i['#text']))
      .join('');
    nodes.push({ name, text, children: toNodes(inner) });
  }
  return nodes;
}

const childText = (node: Node, name: string) => node.children.find((c) => c.name === name)?.text ?? '';

/** The shape error of `node` against its WSDL sequence, or null. */
function shapeError(node: Node, sequence: SequenceElement[]): string | null {
  let at = 0;
  for (const c of node.children) {
    const index = sequence.findIndex((e, i) => i >= at && e.name === c.name);
    if (index < 0) {
      const known = sequence.some((e) => e.name === c.name);
      return known
        ? `Unmarshalling Error: <${c.name}> out of the sequence of ${node.name}`
        : `Unmarshalling Error: unexpected element (uri:"", local:"${c.name}")`;
    }
    at = index;
  }
  const missing = sequence.find((e) => e.required && !node.children.some((c) => c.name === e.name));
  return missing ? `Unmarshalling Error: ${node.name} misses <${missing.name}>` : null;
}

type Status = 'NOP' | 'ISR' | 'IND' | 'DLV' | 'CNL';
const NEXT: Partial<Record<Status, Status>> = { NOP: 'ISR', ISR: 'IND', IND: 'DLV' };
const OPERATION: Record<Status, { code: number; message: string }> = {
  NOP: { code: 0, message: 'Kargo işlem görmemiş.' },
  IND: { code: 1, message: 'Kargo teslimattadır.' },
  ISR: { code: 2, message: 'Kargo düzenlenmiş, fatura prosedürü tamamlanmamış.' },
  CNL: { code: 3, message: 'Kargo çıkışı engellendi.' },
  DLV: { code: 5, message: 'Kargo teslim edilmiştir.' },
};
const EVENTS: Partial<Record<Status, { name: string; unit: string; city: string; town: string }>> = {
  ISR: { name: 'Kargo şubeye teslim alındı', unit: 'KADIKÖY', city: 'İSTANBUL', town: 'KADIKÖY' },
  IND: { name: 'Kargo transfer merkezinde', unit: 'ANKARA TRANSFER MERKEZİ', city: 'ANKARA', town: 'SİNCAN' },
  DLV: { name: 'Kargo teslim edildi', unit: 'ÇANKAYA', city: 'ANKARA', town: 'ÇANKAYA' },
};

export interface YurticiStoredShipment {
  cargoKey: string;
  invoiceKey: string;
  /** Every field of the ShippingOrderVO as received. */
  fields: Record<string, string>;
  status: Status;
  jobId: number;
  docId?: string;
  events: Array<{ status: Status; at: Date }>;
}

interface Refusal {
  code: number;
  message: string;
}

/** Yurtiçi's checks of one ShippingOrderVO (codes from the technical document). */
function checkOrder(f: Record<string, string>): Refusal | null {
  const len = (name: string) => (f[name] ?? '').length;
  if (!f.cargoKey) return { code: 80859, message: 'CARGO_KEY parametresi boş olamaz.' };
  if (len('cargoKey') > 20)
    return { code: 82500, message: 'CARGO_KEY parametresi en fazla 20 karakter olmalıdır.' };
  if (!f.invoiceKey) return { code: 60017, message: 'INVOICE_KEY parametresi boş olamaz.' };
  if (len('invoiceKey') > 20)
    return { code: 82501, message: 'INVOICE_KEY parametresi en fazla 20 karakter olmalıdır.' };
  if (!f.receiverCustName) return { code: 60018, message: 'RECEIVER_CUST_NAME parametresi boş olamaz.' };
  if (len('receiverCustName') > 100)
    return { code: 82503, message: 'RECEIVER_CUST_NAME parametresi en fazla 100 karakter olmalıdır.' };
  if (!f.receiverAddress) return { code: 60019, message: 'RECEIVER_ADDRESS parametresi boş olamaz.' };
  if (len('receiverAddress') < 10 || len('receiverAddress') > 500) {
    return { code: 82502, message: 'RECEIVER_ADDRESS parametresi min: 10 max: 500 uzunluğunda olmalıdır.' };
  }
  if (!/^0\d{10}$/.test(f.receiverPhone1 ?? '')) {
    return {
      code: 82516,
      message: 'Alıcı telefon numarası geçersizdir (alan kodu ile 0 ve 10 hane olmalıdır).',
    };
  }
  if (f.cityName && !provinceByName(f.cityName)) {
    return { code: 82517, message: `Geçersiz format bilgisi: "${f.cityName}" bir il adı değildir.` };
  }
  if (f.emailAddress && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(f.emailAddress)) {
    return { code: 82515, message: 'E-posta adresi geçersizdir.' };
  }
  if (f.ttCollectionType !== undefined && f.ttCollectionType !== '') {
    if (!['0', '1'].includes(f.ttCollectionType)) {
      return { code: 82513, message: 'Hatalı ödeme tipi (0: nakit, 1: kredi kartı).' };
    }
    if (!f.ttInvoiceAmount || !/^\d+(\.\d{1,2})?$/.test(f.ttInvoiceAmount)) {
      return { code: 82505, message: 'Tahsilat tutarı bulunamadı (ayraç nokta olmalıdır).' };
    }
    if (!f.ttDocumentId || f.ttDocumentId === '0') {
      return { code: 82507, message: 'Tahsilat belge numarası bulunamadı.' };
    }
    if (len('ttDocumentId') > 12)
      return { code: 82508, message: 'Tahsilat belge numarası en fazla 12 hane olmalıdır.' };
    if (!['0', '1'].includes(f.ttDocumentSaveType ?? '')) {
      return { code: 82514, message: 'Hatalı belge kayıt tipi (0: aynı, 1: ayrı).' };
    }
  }
  return null;
}

/** An element with its children (already XML) and a text leaf (escaped). */
const el = (name: string, children: string) => `<${name}>${children}</${name}>`;
const tag = (name: string, value: string | number) => el(name, escapeXml(String(value)));

/** The one SOAP envelope builder: an operation's answer, or a SOAP Fault (HTTP 500) naming the error. */
function envelope(content: { operation: string; result: string } | { fault: string; errorCode?: number }) {
  const body =
    'fault' in content
      ? `<env:Fault><faultcode>env:Client</faultcode>${tag('faultstring', content.fault)}` +
        `<detail><ns1:YurticikargoWSException xmlns:ns1="${YURTICI_NAMESPACE}">` +
        `${tag('errorCode', content.errorCode ?? 0)}${tag('errText', content.fault)}` +
        '</ns1:YurticikargoWSException></detail></env:Fault>'
      : `<ns1:${content.operation}Response xmlns:ns1="${YURTICI_NAMESPACE}">${content.result}</ns1:${content.operation}Response>`;
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Header/><env:Body>${body}</env:Body></env:Envelope>`
  );
}
const fault = (message: string) => ({ status: 500, body: envelope({ fault: message }) });

/** Each operation's result element and what it says beside the details (its job, or the sender's id). */
const RESULT: Record<string, { element: string; extra: (jobId: number) => string }> = {
  createShipment: { element: 'ShippingOrderResultVO', extra: (jobId) => tag('jobId', jobId) },
  queryShipment: { element: 'ShippingDeliveryVO', extra: () => tag('senderCustId', 1160000001) },
  cancelShipment: { element: 'ShippingOrderResultVO', extra: () => tag('senderCustId', 1160000001) },
};

const compactDate = (at: Date) => {
  // Turkey's time (UTC+3), as Yurtiçi writes it: 20260914 / 142530.
  const local = new Date(at.getTime() + 3 * 3600_000).toISOString();
  return { date: local.slice(0, 10).replace(/-/g, ''), time: local.slice(11, 19).replace(/:/g, '') };
};

export async function startYurticiServer(keys = YURTICI_TEST_KEYS) {
  const shipments = new Map<string, YurticiStoredShipment>();
  const faults: Array<'http500' | 'hang' | 'lose'> = [];
  const counters = { creates: 0, requests: 0 };
  let jobId = 9_100_000;
  let docSeq = 400_000_000_000;
  let url = '';
  const nextDocId = () => {
    docSeq += 1;
    return String(docSeq);
  };
  let sequences = new Map<string, SequenceElement[]>();

  function create(order: Node): string {
    const fields = Object.fromEntries(order.children.map((c) => [c.name, c.text]));
    const cargoKey = fields.cargoKey ?? '';
    const invoiceKey = fields.invoiceKey ?? '';
    const detail = (code: number, message: string) =>
      el(
        'shippingOrderDetailVO',
        `${tag('cargoKey', cargoKey)}${tag('errCode', code)}${code ? tag('errMessage', message) : ''}${tag('invoiceKey', invoiceKey)}`,
      );
    if (shipments.has(cargoKey)) {
      return detail(60020, 'CARGO_KEY sistemde mevcuttur.');
    }
    const refusal = checkOrder(fields);
    if (refusal) return detail(refusal.code, refusal.message);
    jobId += 1;
    counters.creates += 1;
    shipments.set(cargoKey, {
      cargoKey,
      invoiceKey,
      fields,
      status: 'NOP',
      jobId,
      events: [],
    });
    return detail(0, '');
  }

  function deliveryDetail(cargoKey: string): string {
    const s = shipments.get(cargoKey);
    if (!s) {
      return el(
        'shippingDeliveryDetailVO',
        `${tag('cargoKey', cargoKey)}${tag('errCode', 82519)}${tag('errMessage', 'Kargo anahtarı bulunmamaktadır.')}${tag('jobId', 0)}`,
      );
    }
    const op = OPERATION[s.status];
    const steps = s.events
      .map((e) => {
        const event = EVENTS[e.status];
        if (!event) return '';
        const { date, time } = compactDate(e.at);
        return el(
          'invDocCargoVOArray',
          `${tag('unitName', event.unit)}${tag('eventId', e.status)}${tag('eventName', event.name)}${tag('reasonName', 'Sorun yok')}${tag('eventDate', date)}${tag('eventTime', time)}${tag('cityName', event.city)}${tag('townName', event.town)}`,
        );
      })
      .join('');
    const item = s.docId
      ? el(
          'shippingDeliveryItemDetailVO',
          `${tag('cargoKey', cargoKey)}${tag('docId', s.docId)}${tag('receiverCustName', s.fields.receiverCustName ?? '')}${tag('receiverAddressTxt', s.fields.receiverAddress ?? '')}${tag('trackingUrl', `https://www.yurticikargo.com/tr/online-servisler/gonderi-sorgula?code=${s.docId}`)}${tag('totalDesi', s.fields.desi ?? '0')}${tag('totalKg', s.fields.kg ?? '0')}${tag('totalCargo', s.fields.cargoCount ?? '1')}${steps}`,
        )
      : '';
    return el(
      'shippingDeliveryDetailVO',
      `${tag('cargoKey', cargoKey)}${tag('errCode', 0)}${tag('invoiceKey', s.invoiceKey)}${tag('jobId', s.jobId)}${tag('operationCode', op.code)}${tag('operationMessage', op.message)}${tag('operationStatus', s.status)}${item}`,
    );
  }

  function advance(s: YurticiStoredShipment) {
    const next = NEXT[s.status];
    if (!next) return;
    s.status = next;
    s.docId ??= nextDocId();
    s.events.push({ status: next, at: new Date() });
  }

  function cancelDetail(cargoKey: string): string {
    const s = shipments.get(cargoKey);
    const detail = (code: number, message: string, op?: { code: number; message: string; status: string }) =>
      el(
        'shippingCancelDetailVO',
        `${tag('cargoKey', cargoKey)}${tag('docId', s?.docId ?? 0)}${tag('errCode', code)}${code ? tag('errMessage', message) : ''}${tag('invoiceKey', s?.invoiceKey ?? '')}${tag('jobId', s?.jobId ?? 0)}` +
          (op
            ? `${tag('operationCode', op.code)}${tag('operationMessage', op.message)}${tag('operationStatus', op.status)}`
            : ''),
      );
    if (!s) return detail(82519, 'Kullanıcıya ait kargo anahtarı bulunamadı.');
    if (s.status === 'CNL')
      return detail(82520, 'Kargo anahtarı daha önceden iptal edilmiştir.', {
        code: 4,
        message: 'Kargo daha önce iptal edilmiştir.',
        status: 'ISC',
      });
    if (s.status === 'NOP') s.status = 'CNL';
    return detail(0, '', { ...OPERATION[s.status], status: s.status });
  }

  function handle(xml: string): { status: number; body: string } {
    let nodes: Node[];
    try {
      nodes = toNodes(orderedParser.parse(xml) as Ordered);
    } catch {
      return fault('Unmarshalling Error: the request is not XML');
    }
    const body = nodes.find((n) => n.name === 'Envelope')?.children.find((n) => n.name === 'Body');
    const request = body?.children[0];
    const operation = request?.name ?? '';
    const sequence = sequences.get(operation);
    if (!request || !sequence)
      return fault(`Cannot find dispatch method for {${YURTICI_NAMESPACE}}${operation}`);
    const error =
      shapeError(request, sequence) ??
      request.children
        .filter((c) => c.name === 'ShippingOrderVO')
        .map((c) => shapeError(c, sequences.get('ShippingOrderVO') ?? []))
        .find((e) => e !== null) ??
      null;
    if (error) return fault(error);
    /** The operation's answer (HTTP 200, refusals inside it as Yurtiçi does). */
    const answer = (outFlag: string, outResult: string, details = '', errCode = '') => {
      const count = (details.match(/DetailVO>/g) ?? []).length / 2;
      const { element, extra } = RESULT[operation] ?? RESULT.cancelShipment!;
      const result = el(
        element,
        `${tag('outFlag', outFlag)}${tag('outResult', outResult)}${errCode ? tag('errCode', errCode) : ''}${tag('count', count)}${extra(outFlag === '0' ? jobId : 0)}${details}`,
      );
      return { status: 200, body: envelope({ operation, result }) };
    };
    const language = operation === 'queryShipment' ? 'wsLanguage' : 'userLanguage';
    if (!childText(request, language)) return answer('2', 'Web servis kullanıcı dili boş olamaz.');
    if (
      childText(request, 'wsUserName') !== keys.username ||
      childText(request, 'wsPassword') !== keys.password
    )
      return answer('2', 'Kullanıcı adı veya şifre hatalı.');
    if (operation === 'createShipment') {
      const details = request.children.filter((c) => c.name === 'ShippingOrderVO').map(create);
      const ok = details.filter((d) => d.includes('<errCode>0</errCode>')).length;
      return answer(ok > 0 ? '0' : '1', ok > 0 ? 'Başarılı' : 'Hata', details.join(''));
    }
    if (operation === 'queryShipment') {
      const keysAsked = request.children.filter((c) => c.name === 'keys').map((c) => c.text);
      if (keysAsked.length === 0) return answer('1', 'KEYS parametresi boş veya eksik.', '', '82526');
      if (childText(request, 'keyType') !== '0')
        return answer('1', 'KEY_TYPE parametresi hatalı.', '', '82527');
      const details = keysAsked.map(deliveryDetail).join('');
      // The parcel moves on between two reads.
      for (const key of keysAsked) {
        const s = shipments.get(key);
        if (s) advance(s);
      }
      return answer('0', 'Başarılı', details);
    }
    const keysAsked = request.children.filter((c) => c.name === 'cargoKeys').map((c) => c.text);
    return answer('0', 'Başarılı', keysAsked.map(cancelDetail).join(''));
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'GET' && /\?wsdl$/i.test(req.url ?? '')) {
      res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8' }).end(yurticiWsdl(url));
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      counters.requests += 1;
      const next = faults.shift();
      if (next === 'hang') return; // no answer: the client's time-out decides
      if (next === 'http500') {
        res
          .writeHead(500, { 'Content-Type': 'text/html' })
          .end('<html><body>Internal Server Error</body></html>');
        return;
      }
      const { status, body } = handle(Buffer.concat(chunks).toString('utf8'));
      if (next === 'lose') {
        res.writeHead(500, { 'Content-Type': 'text/html' }).end('<html><body>Proxy Error</body></html>');
        return;
      }
      res.writeHead(status, { 'Content-Type': 'text/xml; charset=utf-8' }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}/KOPSWebServices/ShippingOrderDispatcherServices`;
  sequences = wsdlSequences(yurticiWsdl(url));

  return {
    url,
    keys,
    shipments,
    get creates() {
      return counters.creates;
    },
    get requests() {
      return counters.requests;
    },
    /** The next `n` requests fail: a 500 before anything is done, no answer at all, or done and answered 500. */
    failNext(n: number, mode: 'http500' | 'hang' | 'lose' = 'http500') {
      for (let i = 0; i < n; i += 1) faults.push(mode);
    },
    /** Moves a shipment to a state, as a branch would (`DLV` delivered). */
    setStatus(cargoKey: string, status: Status) {
      const s = shipments.get(cargoKey);
      if (!s) throw new Error(`no shipment ${cargoKey}`);
      s.status = status;
      if (status !== 'NOP' && status !== 'CNL') s.docId ??= nextDocId();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type YurticiContractServer = Awaited<ReturnType<typeof startYurticiServer>>;
