#!/usr/bin/env bash
# What a crawler or a link preview sees of a product page, against a running shop (`npm start`):
#
#   scripts/check-product-seo.sh [base-url] [tag]      (defaults: http://localhost:3000 P0012001)
#
# 1. curl the product URL and print its JSON-LD Product (no JavaScript involved);
# 2. check that its offer price is the part's gross price (net from the API × 1.2, to the penny);
# 3. curl the same URL with an unknown Tag and check that it answers 404.
# Exits non-zero when a check fails. Needs curl and node.
set -euo pipefail

BASE="${1:-http://localhost:3000}"
TAG="${2:-P0012001}"

api_json="$(curl -fsS "$BASE/web-api/products/part/$TAG.json")"
# The canonical path of the part (the API's slug), e.g. /product/ford/focus/alternator/P0012001.
path="$(printf '%s' "$api_json" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>process.stdout.write(JSON.parse(s).product.slug))')"
url="$BASE$path"

echo "GET $url"
html="$(curl -fsS "$url")"
# The JSON-LD is written with < > & escaped, so the element has no '<' before its end tag.
jsonld="$(printf '%s' "$html" | grep -o '<script type="application/ld+json">[^<]*</script>' | sed -e 's|^<script type="application/ld+json">||' -e 's|</script>$||')"
if [ -z "$jsonld" ]; then
  echo "FAIL: no JSON-LD in the HTML of $url" >&2
  exit 1
fi

API_JSON="$api_json" JSONLD="$jsonld" node -e '
  const product = JSON.parse(process.env.JSONLD);
  const net = JSON.parse(process.env.API_JSON).product.Price;
  // SPEC §1: gross = net × 1.2, halves rounded up, in whole pence (src/domain/money.ts grossFromNet).
  const gross = Math.floor((net * 120 + 50) / 100);
  const expected = `${Math.floor(gross / 100)}.${String(gross % 100).padStart(2, "0")}`;
  console.log(JSON.stringify(product, null, 2));
  if (product.offers.price !== expected) {
    console.error(`FAIL: JSON-LD price ${product.offers.price}, expected ${expected} (net ${net} pence)`);
    process.exit(1);
  }
  console.log(`OK: JSON-LD offer price ${product.offers.price} ${product.offers.priceCurrency} = gross of net ${net} pence`);
'

unknown="$BASE/product/ford/focus/alternator/P9999999"
status="$(curl -s -o /dev/null -w '%{http_code}' "$unknown")"
echo "GET $unknown -> $status"
if [ "$status" != "404" ]; then
  echo "FAIL: an unknown Tag answered $status, not 404" >&2
  exit 1
fi
echo "OK: an unknown Tag answers 404"
