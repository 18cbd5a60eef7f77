import { DATA_POLICY_EFFECTIVE_DATE, MINIMUM_AGE } from '@dynaloop/contract/constants';
import { Anchor, Typography } from '@mantine/core';
import { Link } from 'react-router';
import { ContentPage } from '../../components/ContentPage';
import { CONTACT_EMAIL } from '../contact';

export function DataPolicyPage() {
  return (
    <ContentPage title="Data Policy" subtitle={`Effective ${DATA_POLICY_EFFECTIVE_DATE}`}>
      <Typography>
        <p>
          This Data Policy explains what information Dynaloop collects when you use the platform,
          how we use it, what we publish, and the choices you have. It applies together with the{' '}
          <Anchor component={Link} to="/termsofuse">
            Terms of Use
          </Anchor>
          .
        </p>

        <h2>1. Information we collect</h2>
        <ul>
          <li>
            <strong>Account information:</strong> your email address, username and a salted hash of
            your password (never the password itself). Optionally, your real name, affiliation and
            avatar, if you add them to your profile.
          </li>
          <li>
            <strong>Contributions:</strong> the examples you write, their labels and explanations,
            the model predictions they received, your validations of other examples, task proposals,
            and the models you upload — together with metadata such as when they were submitted and
            which round they belong to.
          </li>
          <li>
            <strong>Technical information:</strong> server logs with your IP address, browser type,
            the pages and API endpoints requested and a request reference, used to keep the platform
            secure and to investigate problems.
          </li>
          <li>
            <strong>Cookies:</strong> only what is needed to keep you signed in. We do not use
            advertising or third-party tracking cookies.
          </li>
        </ul>

        <h2>2. How we use it</h2>
        <ul>
          <li>to run the platform: your account, tasks, rounds, validation and leaderboards;</li>
          <li>to compute statistics such as examples collected and model error rates;</li>
          <li>to build, publish and maintain datasets for research;</li>
          <li>
            to send you messages you asked for or need (password resets, notifications about your
            models or proposals);
          </li>
          <li>to prevent abuse and keep the platform secure.</li>
        </ul>

        <h2>3. What we publish</h2>
        <p>
          The content you submit may be published in open datasets that anyone can download and use,
          including to train and evaluate AI models. Published datasets do not contain your email
          address or password. Your username may appear next to your contributions and on user
          leaderboards. Do not put personal information in the examples you write.
        </p>

        <h2>4. Sharing</h2>
        <p>
          We do not sell personal data. We share it only with service providers that host and
          operate the platform on our behalf under confidentiality obligations, or when the law
          requires us to.
        </p>

        <h2>5. Retention and account deletion</h2>
        <p>
          We keep your account information for as long as your account exists. If you delete your
          account, your account information is removed, while the content you have already submitted
          is kept with your identity removed from it: it is no longer linked to you, and it may
          remain in datasets that were already published. Server logs are kept for a limited time
          and then deleted.
        </p>

        <h2>6. Age requirement</h2>
        <p>
          The platform is for people who are {MINIMUM_AGE} years old or older. We do not knowingly
          collect personal data from anyone younger; if we learn we have, we delete the account.
        </p>

        <h2>7. Your choices and rights</h2>
        <p>
          You can see and correct your profile at any time and delete your account. Depending on
          where you live, you may also have the right to request a copy of your personal data, to
          object to or restrict its processing, and to complain to a data protection authority.
          Write to us to exercise these rights.
        </p>

        <h2>8. Security</h2>
        <p>
          Passwords are stored only as salted hashes, connections to the platform are encrypted, and
          access to personal data is limited to the people who need it to run the platform. No
          system is perfectly secure; please tell us at once if you suspect a problem.
        </p>

        <h2>9. Changes to this policy</h2>
        <p>
          If we change this policy, we will update the effective date above and, for significant
          changes, let you know on the platform or by email before they take effect.
        </p>

        <h2>10. Contact</h2>
        <p>
          Questions or requests about your data:{' '}
          <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
        </p>
      </Typography>
    </ContentPage>
  );
}
