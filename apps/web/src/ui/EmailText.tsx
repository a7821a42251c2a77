/**
 * An e-mail address that wraps where a reader expects it to: after the '@' and before each '.'
 * (`<wbr>`, which copying leaves out), and only past those, for a part longer than the line, at
 * any letter (`overflow-wrap: anywhere`, on the address alone, never on its label).
 */
import { Fragment } from 'react';

function breakBeforeDots(part: string) {
  return part.split('.').map((piece, i) => (
    <Fragment key={i}>
      {i > 0 && (
        <>
          <wbr />.
        </>
      )}
      {piece}
    </Fragment>
  ));
}

export function EmailText({ email, className }: { email: string; className?: string }) {
  const at = email.lastIndexOf('@');
  const local = at < 0 ? email : email.slice(0, at);
  const domain = at < 0 ? null : email.slice(at + 1);
  return (
    <span className={`[overflow-wrap:anywhere] ${className ?? ''}`} data-testid="email-text">
      {breakBeforeDots(local)}
      {domain !== null && (
        <>
          @<wbr />
          {breakBeforeDots(domain)}
        </>
      )}
    </span>
  );
}
