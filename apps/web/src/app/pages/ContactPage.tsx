import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ContentPage } from '../../components/ContentPage';
import { TitledSection } from '../../components/TitledSection';
import { CONTACT_EMAIL } from '../contact';

export function ContactPage() {
  return (
    <ContentPage title="Contact">
      <Stack gap="xl">
        <Text>
          Dynaloop is built by a small team of researchers and engineers. We are happy to hear from
          you — whether you want to propose a task, use the data in your research, or tell us what
          could be better.
        </Text>

        <Paper withBorder p="lg">
          <Title order={2} size="h3" mb="xs">
            Email
          </Title>
          <Text>
            Write to{' '}
            <Anchor href={`mailto:${CONTACT_EMAIL}`} fw={600}>
              {CONTACT_EMAIL}
            </Anchor>
            . We read every message and usually answer within a few working days.
          </Text>
        </Paper>

        <TitledSection id="contact-problems" title="Reporting a problem" size="h3" mb="xs">
          <Text>
            If something does not work, please email us with the page you were on, what you did, and
            what you expected to happen. Error messages on the site show a reference (for example{' '}
            <code>Reference: 3f9c…</code>); include it and we can find exactly what went wrong.
            Please do not include passwords or other secrets.
          </Text>
        </TitledSection>

        <TitledSection id="contact-more" title="Before you write" size="h3" mb="xs">
          <Text>
            Many questions about rounds, validation and the dynascore are answered in the{' '}
            <Anchor component={Link} to="/about">
              FAQ on the About page
            </Anchor>
            . How we handle your data is described in the{' '}
            <Anchor component={Link} to="/datapolicy">
              Data Policy
            </Anchor>
            .
          </Text>
        </TitledSection>
      </Stack>
    </ContentPage>
  );
}
