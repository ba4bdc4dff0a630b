import { describe, expect, it } from 'vitest';
import { articleJsonLd, employmentType, jobPostingJsonLd } from './content-seo';

const job = {
  title: 'Parts picker',
  descriptionHtml: '<p>Pick parts.</p>',
  created: '2026-11-20T09:00:00.000Z',
  expires: '2026-12-31T23:59:00.000Z',
  location: 'Leeds',
  workingPattern: 'Full-time, permanent',
  workingHours: '40 hours a week',
  sector: 'Warehouse',
  salaryFrom: 24000,
  salaryTo: 27000,
  url: 'https://shop.example/job/4',
};

describe('JobPosting JSON-LD', () => {
  it('names the job, its place, dates, pattern and salary range in GBP a year', () => {
    expect(jobPostingJsonLd(job)).toMatchObject({
      '@type': 'JobPosting',
      title: 'Parts picker',
      datePosted: job.created,
      validThrough: job.expires,
      employmentType: 'FULL_TIME',
      jobLocation: { address: { addressLocality: 'Leeds', addressCountry: 'GB' } },
      baseSalary: { currency: 'GBP', value: { unitText: 'YEAR', minValue: 24000, maxValue: 27000 } },
      hiringOrganization: { name: 'PartsFinder UK' },
    });
  });

  it('gives one figure for a single salary and none without one', () => {
    expect(jobPostingJsonLd({ ...job, salaryTo: null })).toMatchObject({ baseSalary: { value: { value: 24000 } } });
    const none = jobPostingJsonLd({ ...job, salaryFrom: null, salaryTo: null, expires: null });
    expect(none).not.toHaveProperty('baseSalary');
    expect(none).not.toHaveProperty('validThrough');
  });

  it.each([
    ['Part-time', 'PART_TIME'],
    ['Fixed-term contract', 'TEMPORARY'],
    ['Contract', 'CONTRACTOR'],
    ['Shifts', undefined],
  ])('working pattern %s is %s', (pattern, type) => {
    expect(employmentType(pattern)).toBe(type);
  });
});

describe('Article JSON-LD', () => {
  it('has headline, image, date, section, keywords and the page it is about', () => {
    expect(
      articleJsonLd({
        title: 'How we grade parts',
        summaryHtml: '<p>Grades <b>A</b> to C.</p>',
        image: 'https://shop.example/blog-images/x.webp',
        published: '2026-11-01T10:00:00.000Z',
        tags: ['Grading', 'Guides'],
        category: 'Guides',
        url: 'https://shop.example/blog/how-we-grade',
      }),
    ).toMatchObject({
      '@type': 'Article',
      headline: 'How we grade parts',
      description: 'Grades A to C.',
      image: ['https://shop.example/blog-images/x.webp'],
      datePublished: '2026-11-01T10:00:00.000Z',
      articleSection: 'Guides',
      keywords: 'Grading, Guides',
      mainEntityOfPage: { '@id': 'https://shop.example/blog/how-we-grade' },
    });
  });

  it('names no image for an article shown without a picture', () => {
    const ld = articleJsonLd({ title: 'No picture', summaryHtml: '<p>Text.</p>', image: null, published: '2026-11-01T10:00:00.000Z', tags: [], category: 'Guides', url: 'https://shop.example/blog/x' });
    expect(ld).not.toHaveProperty('image');
    expect(ld).toMatchObject({ headline: 'No picture' });
  });
});
