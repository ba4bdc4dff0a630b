import { describe, expect, it } from 'vitest';
import { safeParse } from 'zod/mini';
import { CV_MAX_BYTES, cvProblem, jobApplicationSchema } from './job-application';

const cv = { name: 'cv.pdf', size: 20_000, type: 'application/pdf' };
const good = { name: ' Sam Carter ', email: 'sam@example.co.uk', phone: '07700 900123', message: '', cv };

const problems = (values: Record<string, unknown>) => {
  const result = safeParse(jobApplicationSchema, values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
};

describe('the job application form', () => {
  it('takes a complete application, trimmed', () => {
    const result = safeParse(jobApplicationSchema, good);
    expect(result.success).toBe(true);
    expect(result.data?.name).toBe('Sam Carter');
  });

  it('names each missing or wrong field under its own key', () => {
    expect(problems({ ...good, name: ' ', email: 'sam@', phone: '(0113) 496', cv: null })).toEqual({
      name: 'Please enter your full name.',
      email: 'Please enter a valid email address.',
      phone: 'A phone number can only contain digits, spaces, + and -.',
      cv: 'Please attach your CV.',
    });
    expect(problems({ ...good, message: 'x'.repeat(4001) })).toHaveProperty('message');
    expect(problems({ ...good, name: 'x'.repeat(101), phone: '+44 7700-900123' })).toEqual({ name: 'Please check the details you have entered.' });
  });
});

describe('the CV: PDF or Word, at most 5 MB', () => {
  it.each([
    [{ name: 'cv.docx', size: 10, type: '' }, null],
    [{ name: 'CV.DOC', size: 10, type: 'application/msword' }, null],
    [{ name: 'cv', size: 10, type: 'application/pdf' }, null],
    [{ name: 'cv.pdf', size: CV_MAX_BYTES, type: 'application/pdf' }, null],
    [{ name: 'cv.pdf', size: CV_MAX_BYTES + 1, type: 'application/pdf' }, 'jobs.cv_size'],
    [{ name: 'photo.jpg', size: 10, type: 'image/jpeg' }, 'jobs.cv_type'],
    [{ name: 'cv.pdf', size: 0, type: 'application/pdf' }, 'jobs.cv_required'],
    [null, 'jobs.cv_required'],
  ])('%j → %s', (file, problem) => {
    expect(cvProblem(file)).toBe(problem);
  });
});
