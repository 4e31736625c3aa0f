import { Fragment } from 'preact';
import { companyPath } from '../company-paths';

/** The way back from a company's page: the company, then the pages between it and this one. */
export function Crumbs({
  company,
  trail = [],
}: {
  company: { code: string; name: string };
  trail?: Array<{ href: string; label: string }>;
}) {
  return (
    <p class="crumbs">
      <a href={companyPath(company.code)}>{company.name}</a>
      {trail.map(({ href, label }) => (
        <Fragment key={href}>
          {' › '}
          <a href={href}>{label}</a>
        </Fragment>
      ))}
    </p>
  );
}
