// What schema.org's `Product` must and should say for search results (Google's Product and
// merchant listing rich results): a list of what is missing or malformed, empty when valid.
// Required: name, image, offers with price and priceCurrency. Recommended: description, sku,
// brand, url, and each offer's availability, itemCondition and url.

const absoluteUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^/]+/.test(value);
const availabilities = ['InStock', 'OutOfStock', 'Discontinued', 'PreOrder', 'BackOrder', 'SoldOut', 'LimitedAvailability', 'OnlineOnly', 'InStoreOnly', 'PreSale', 'MadeToOrder', 'Reserved'].map(
  (state) => `https://schema.org/${state}`,
);

export function productSchemaProblems(data: unknown): string[] {
  const problems: string[] = [];
  const product = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const check = (ok: boolean, problem: string) => ok || problems.push(problem);
  check(product['@context'] === 'https://schema.org', '@context is not https://schema.org');
  check(product['@type'] === 'Product', '@type is not Product');
  check(typeof product.name === 'string' && product.name !== '', 'required name missing');
  const images = Array.isArray(product.image) ? product.image : [product.image];
  check(images.length > 0 && images.every(absoluteUrl), 'required image missing or not an absolute URL');
  check(typeof product.description === 'string' && product.description !== '', 'recommended description missing');
  check(typeof product.sku === 'string' && product.sku !== '', 'recommended sku missing');
  const brand = product.brand as Record<string, unknown> | undefined;
  check(brand?.['@type'] === 'Brand' && typeof brand.name === 'string', 'recommended brand missing');
  check(absoluteUrl(product.url), 'recommended url missing');
  const offers = (Array.isArray(product.offers) ? product.offers : [product.offers]).filter(Boolean) as Array<Record<string, unknown>>;
  check(offers.length > 0, 'required offers missing');
  offers.forEach((offer, i) => {
    check(offer['@type'] === 'Offer', `offer ${i}: @type is not Offer`);
    check(typeof offer.price === 'string' && /^\d+(\.\d{1,2})?$/.test(offer.price), `offer ${i}: required price missing or not a plain decimal`);
    check(typeof offer.priceCurrency === 'string' && /^[A-Z]{3}$/.test(offer.priceCurrency), `offer ${i}: priceCurrency is not an ISO 4217 code`);
    check(availabilities.includes(offer.availability as string), `offer ${i}: availability is not a schema.org ItemAvailability`);
    check(typeof offer.itemCondition === 'string' && offer.itemCondition.startsWith('https://schema.org/'), `offer ${i}: recommended itemCondition missing`);
    check(absoluteUrl(offer.url), `offer ${i}: recommended url missing`);
  });
  return problems;
}
