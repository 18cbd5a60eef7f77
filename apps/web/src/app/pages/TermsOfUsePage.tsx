import { MINIMUM_AGE } from '@dynaloop/contract/constants';
import { Anchor, Typography } from '@mantine/core';
import { Link } from 'react-router';
import { ContentPage } from '../../components/ContentPage';
import { CONTACT_EMAIL } from '../contact';

export function TermsOfUsePage() {
  return (
    <ContentPage title="Terms of Use">
      <Typography>
        <p>
          These Terms of Use govern your use of Dynaloop, an open platform for dynamic,
          human-in-the-loop benchmarking of AI models (“the platform”, “we”, “us”). By creating an
          account, submitting content or otherwise using the platform, you agree to these terms. If
          you do not agree, please do not use the platform.
        </p>

        <h2>1. Who may use the platform</h2>
        <p>
          You must be at least {MINIMUM_AGE} years old to create an account or to contribute to the
          platform. By using it you confirm that you are {MINIMUM_AGE} or older and that you are
          able to enter into these terms. If you use the platform on behalf of an organisation, you
          confirm that you are authorised to accept these terms for it.
        </p>

        <h2>2. Your account</h2>
        <ul>
          <li>Give accurate information when you register and keep your email address current.</li>
          <li>
            Keep your password secret. You are responsible for everything done with your account;
            tell us at once if you believe it has been used without your permission.
          </li>
          <li>One person, one account: accounts may not be shared, sold or transferred.</li>
        </ul>

        <h2>3. Content you submit</h2>
        <p>
          Content means everything you submit to the platform: examples you write, labels,
          explanations, validations of other people’s examples, task proposals, models and their
          predictions.
        </p>
        <ul>
          <li>
            <strong>Open datasets.</strong> The content you submit may be published, in whole or in
            part, in open datasets that anyone can download and use — including to train, evaluate
            and study AI models — and may be shown to other users of the platform.
          </li>
          <li>
            <strong>Licence.</strong> You keep any rights you have in your content. You grant us,
            and the users of the datasets we publish, a worldwide, royalty-free, perpetual,
            irrevocable, non-exclusive licence to use, reproduce, adapt, publish and distribute it
            for those purposes.
          </li>
          <li>
            <strong>Your responsibility.</strong> Only submit content you have the right to submit.
            Do not include personal information about yourself or others (names, addresses, phone
            numbers, account credentials) in examples.
          </li>
        </ul>

        <h2>4. Acceptable use</h2>
        <p>You agree not to:</p>
        <ul>
          <li>submit content that is unlawful, or that harasses, threatens or targets people;</li>
          <li>
            submit content generated automatically or in bulk, unless the task explicitly allows it;
          </li>
          <li>
            try to gain access to accounts, data or systems you are not authorised to use, probe or
            disrupt the platform, or work around rate limits;
          </li>
          <li>upload models that contain malicious code or that you have no right to share.</li>
        </ul>
        <p>
          Some tasks, such as hate speech detection, ask for examples of harmful language so that
          models can learn to recognise it. Such content is accepted only where the task asks for it
          and only for that purpose.
        </p>

        <h2>5. Models and leaderboards</h2>
        <p>
          When you upload a model, it is evaluated on the task’s datasets and its results are shown
          on the task’s leaderboards. Leaderboard scores, including the dynascore, depend on the
          round and on the weights each reader chooses; they are provided for comparison and
          research and are not a certification of any model.
        </p>

        <h2>6. Deleting your account</h2>
        <p>
          You can stop using the platform and delete your account at any time. When you delete your
          account, the content you have already submitted is kept — it may already be part of
          published datasets and other people’s work depends on it — but your identity is removed
          from it: it is no longer linked to your username, profile or email address. We may suspend
          or close accounts that break these terms.
        </p>

        <h2>7. Disclaimers and liability</h2>
        <p>
          The platform, its datasets and its model evaluations are provided “as is”, without
          warranties of any kind. Model predictions shown on the platform can be wrong and must not
          be relied on for decisions about people. To the extent the law allows, we are not liable
          for indirect or consequential losses arising from your use of the platform.
        </p>

        <h2>8. Privacy</h2>
        <p>
          How we collect and use personal data is described in the{' '}
          <Anchor component={Link} to="/datapolicy">
            Data Policy
          </Anchor>
          , which is part of these terms.
        </p>

        <h2>9. Changes to these terms</h2>
        <p>
          We may update these terms. When we make significant changes we will announce them on the
          platform or by email before they take effect; continuing to use the platform after that
          means you accept the updated terms.
        </p>

        <h2>10. Contact</h2>
        <p>
          Questions about these terms: <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
        </p>
      </Typography>
    </ContentPage>
  );
}
