/**
 * The sitemap's jobs and blog pages: the two listings, every open job and every published article,
 * by the shop's clock; an expired advert and a scheduled article are left out until (or after)
 * their time.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema';
import { contentApp } from '../../test/content';
import { testDatabase } from '../../test/database';

const PUBLIC_URL = 'https://www.partsfinder.example';
const DAY = 24 * 60 * 60 * 1000;

async function jobId(slug: string): Promise<number> {
  const { db } = await testDatabase();
  const [row] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.slug, slug));
  return row?.id ?? 0;
}

describe('GET /sitemap.xml: jobs and articles', () => {
  it('lists the jobs and blog pages, the open jobs and the published articles only', async () => {
    const { app, clock } = await contentApp({ env: { PUBLIC_URL } });
    const sitemap = async () => {
      const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(response.statusCode).toBe(200);
      return response.body;
    };
    const xml = await sitemap();
    expect(xml).toContain(`<url><loc>${PUBLIC_URL}/jobs</loc></url>`);
    expect(xml).toContain(`<url><loc>${PUBLIC_URL}/blog</loc></url>`);
    expect(xml).toContain(`<url><loc>${PUBLIC_URL}/job/${await jobId('vehicle-dismantler-birmingham')}</loc><lastmod>2026-11-22T10:00:00.000Z</lastmod></url>`);
    expect(xml).toContain(`<url><loc>${PUBLIC_URL}/blog/winter-checks-for-older-cars</loc><lastmod>2026-11-20T10:00:00.000Z</lastmod></url>`);
    expect(xml.match(/\/job\/\d+</g)).toHaveLength(10);
    expect(xml.match(/\/blog\/[a-z0-9-]+</g)).toHaveLength(19);
    expect(xml).not.toContain(`/job/${await jobId('hgv-class-2-driver')}<`);
    expect(xml).not.toContain('/blog/christmas-opening-hours<');

    clock.advance(22 * DAY);
    const later = await sitemap();
    expect(later).toContain('/blog/christmas-opening-hours<');
    expect(later).not.toContain(`/job/${await jobId('customer-service-adviser')}<`);
  });
});
