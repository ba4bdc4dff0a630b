/**
 * /admin/part-requests/$id: what the customer asked for and the answers open to it: searching,
 * found (a part on sale, by its id or stock number, which the customer then sees with a link to buy
 * it) or not found. Each answer mails the customer.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { fieldErrorsOf, messageOf } from '../../api';
import { Button, formatDateTime, formatMoney, Notice, PageHeading, StatusBadge, TextField, useToast } from '../../ui';
import { partRequestQuery, useAnswerRequest } from './api';
import { REQUEST_TONES } from './part-requests-screen';
import styles from './part-requests.module.css';

export function PartRequestScreen({ id }: { id: number }) {
  const { data } = useSuspenseQuery(partRequestQuery(id));
  const request = data.request;
  const answer = useAnswerRequest(id);
  const notify = useToast();
  const fields = fieldErrorsOf(answer.error);
  const next = new Set(request.next_steps);
  const found = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const part = String(new FormData(event.currentTarget).get('part') ?? '').trim();
    answer.mutate({ status: 'found', part }, { onSuccess: (done) => notify(done.msg, 'success') });
  };
  return (
    <>
      <p className={styles.back}>
        <Link to="/part-requests">All part requests</Link>
      </p>
      <PageHeading title={`${request.part_name} for ${request.car_reg}`} description={<StatusBadge tone={REQUEST_TONES[request.status.code] ?? 'neutral'}>{request.status.name}</StatusBadge>} />
      <dl className={styles.facts}>
        <dt>Customer</dt>
        <dd>
          {request.name} ({request.email}){request.phone ? `, ${request.phone}` : ''}
          {request.member ? ', a member' : ', a guest'}
        </dd>
        <dt>Registration</dt>
        <dd>{request.car_reg}</dd>
        <dt>Part</dt>
        <dd>{request.part_name}</dd>
        <dt>Asked</dt>
        <dd>{formatDateTime(request.created)}</dd>
        {request.found_part ? (
          <>
            <dt>Found</dt>
            <dd>
              <a href={request.found_part.url}>
                {request.found_part.name} ({request.found_part.tag})
              </a>
              , {formatMoney(request.found_part.price)}, {request.found_part.status}
            </dd>
          </>
        ) : null}
      </dl>

      {next.size > 0 ? (
        <div className={styles.answers}>
          {next.has('searching') ? (
            <Button variant="secondary" busy={answer.isPending && answer.variables.status === 'searching'} onClick={() => answer.mutate({ status: 'searching' }, { onSuccess: (done) => notify(done.msg, 'success') })}>
              Mark searching
            </Button>
          ) : null}
          {next.has('found') ? (
            <form onSubmit={found} aria-labelledby="found-heading" noValidate className={styles.found}>
              <h2 id="found-heading">Found it</h2>
              <TextField label="Part id or stock number" name="part" autoComplete="off" error={fields.part} required hint="The part must be on sale; the customer gets a link to buy it." />
              <Button type="submit" busy={answer.isPending && answer.variables.status === 'found'}>
                Link the part
              </Button>
            </form>
          ) : null}
          {next.has('not_found') ? (
            <Button variant="danger" busy={answer.isPending && answer.variables.status === 'not_found'} onClick={() => answer.mutate({ status: 'not_found' }, { onSuccess: (done) => notify(done.msg, 'success') })}>
              Not found
            </Button>
          ) : null}
        </div>
      ) : null}
      {answer.error && !fields.part ? <Notice tone="error">{messageOf(answer.error)}</Notice> : null}
    </>
  );
}
