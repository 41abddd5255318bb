// The cold search mix of the large-catalogue benches (bench/search-mix.mjs, and the in-process profile of the
// search index): 1,000 different queries made from the catalogue's own product names, as shoppers type them
// (one word, two words, a whole short name, Turkish letters folded or not, plurals and case endings that only
// the stemmer finds), a quarter of them with one typo. Deterministic: the same names give the same mix.
import pg from 'pg';

/** mulberry32: a tiny deterministic PRNG returning floats in [0, 1). */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FOLD = { ç: 'c', ğ: 'g', ı: 'i', ö: 'o', ş: 's', ü: 'u' };
const fold = (text) => text.replace(/[çğıöşü]/g, (c) => FOLD[c]);
const lower = (text) => text.replace(/I/g, 'ı').replace(/İ/g, 'i').toLowerCase();
const LETTERS = 'abcçdefgğhıijklmnoöprsştuüvyz';

/** A plural or case ending with the last vowel's harmony (`kupalar`, `defterler`, `kupada`). */
function inflect(word, rand) {
  const vowels = word.match(/[aeıioöuü]/g);
  const back = vowels ? 'aıou'.includes(vowels.at(-1)) : true;
  const endings = back ? ['lar', 'da', 'dan', 'ları'] : ['ler', 'de', 'den', 'leri'];
  return word + endings[Math.floor(rand() * endings.length)];
}

/** One typo: a letter doubled, dropped, swapped with the next or replaced. */
function typo(text, rand) {
  const places = [...text].map((c, i) => (/\p{L}/u.test(c) ? i : -1)).filter((i) => i > 0);
  if (!places.length) return text;
  const i = places[Math.floor(rand() * places.length)];
  const chars = [...text];
  switch (Math.floor(rand() * 4)) {
    case 0:
      chars.splice(i, 0, chars[i]);
      break;
    case 1:
      chars.splice(i, 1);
      break;
    case 2:
      if (i + 1 < chars.length && /\p{L}/u.test(chars[i + 1]))
        [chars[i], chars[i + 1]] = [chars[i + 1], chars[i]];
      else chars.splice(i, 0, chars[i]);
      break;
    default:
      chars[i] = LETTERS[Math.floor(rand() * LETTERS.length)];
  }
  return chars.join('');
}

/** `count` different queries from product names; every fourth has a typo. */
export function searchMix(names, count = 1000, seed = 40) {
  const rand = prng(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const split = names.map((n) =>
    lower(n)
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 1),
  );
  const usable = split.filter((w) => w.length);
  const out = new Set();
  for (let tries = 0; out.size < count && tries < count * 100; tries++) {
    const ws = pick(usable);
    const at = Math.floor(rand() * ws.length);
    let q;
    const kind = rand();
    if (kind < 0.4) q = ws[at];
    else if (kind < 0.65) q = ws.slice(at, at + 2).join(' ');
    else if (kind < 0.8) q = inflect(ws[at], rand);
    else q = ws.slice(0, 3).join(' ');
    if (rand() < 0.5) q = fold(q);
    if (out.size % 4 === 3) q = typo(q, rand);
    if (q.length >= 2) out.add(q);
  }
  return [...out];
}

/** Product names of the database (every n-th active product, so the sample spreads over the catalogue). */
export async function productNames(databaseUrl, sample = 5000) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select name from products where is_active and id % greatest(1, (select count(*) from products) / $1::int) = 0 order by id`,
      [sample],
    );
    return rows.map((r) => r.name);
  } finally {
    await client.end();
  }
}
