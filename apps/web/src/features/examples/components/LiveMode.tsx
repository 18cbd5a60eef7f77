import { Alert, Anchor, Switch } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { HintTooltip } from '../../../components/HintTooltip';
import { loginPath } from '../../auth/paths';

export const SANDBOX_MESSAGE = 'Sandbox mode: your examples are not stored';

/** Live Mode stores examples; off, the page is a sandbox. Guests cannot turn it on. */
export function LiveModeSwitch({
  live,
  isLoggedIn,
  onChange,
}: {
  live: boolean;
  isLoggedIn: boolean;
  onChange: (live: boolean) => void;
}) {
  return (
    <HintTooltip
      label={
        isLoggedIn ? 'Store your examples, or only try the model' : 'Log in to store your examples'
      }
    >
      <div>
        <Switch
          label="Live Mode"
          checked={live}
          disabled={!isLoggedIn}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      </div>
    </HintTooltip>
  );
}

/** Says clearly that nothing is stored, and how to store: Live Mode, or logging in. */
export function SandboxNotice({
  isLoggedIn,
  specificModel,
}: {
  isLoggedIn: boolean;
  specificModel: boolean;
}) {
  const { pathname, search } = useLocation();
  let next;
  if (specificModel) next = 'Examples written against a model you chose are for trying it out.';
  else if (isLoggedIn) next = 'Turn on Live Mode to store them.';
  else {
    next = (
      <Anchor component={Link} to={loginPath({ src: `${pathname}${search}` })}>
        log in to store your examples
      </Anchor>
    );
  }
  return (
    <Alert color="yellow" variant="light" role="status" title={SANDBOX_MESSAGE}>
      {next}
    </Alert>
  );
}
