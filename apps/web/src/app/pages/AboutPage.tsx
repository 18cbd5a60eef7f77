import { Anchor, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ContentPage } from '../../components/ContentPage';
import { ExplainerVideo } from '../components/ExplainerVideo';
import { Faq } from '../components/Faq';
import { TitledSection } from '../../components/TitledSection';

export function AboutPage() {
  return (
    <ContentPage title="About Dynaloop" documentTitle="About">
      <Stack gap="xl">
        <TitledSection id="about-what" title="Dynamic, human-in-the-loop benchmarking">
          <Stack gap="sm">
            <Text>
              Static benchmarks saturate: models quickly reach scores that look superhuman on a
              fixed test set while still failing on simple inputs outside it. Dynaloop is an open
              platform where the benchmark keeps moving. People interact with the models in the loop
              and write examples that the models get wrong; those examples become the data the next
              generation of models is trained and evaluated on.
            </Text>
            <Text>
              This process is called dynamic adversarial data collection. It measures what models
              actually cannot do yet, and it produces datasets that stay challenging as models
              improve.
            </Text>
          </Stack>
        </TitledSection>

        <TitledSection id="about-how" title="How it works">
          <List spacing="xs">
            <List.Item>
              <strong>Tasks</strong> — each task (sentiment analysis, natural language inference,
              question answering, hate speech detection, machine translation, …) defines what
              examples look like and how models are evaluated.
            </List.Item>
            <List.Item>
              <strong>Rounds</strong> — data is collected in rounds. In each round, the strongest
              available models are put in the loop; when the round closes, the examples that fooled
              them are validated and used to build harder models for the next round.
            </List.Item>
            <List.Item>
              <strong>Models in the loop</strong> — you see the model&apos;s prediction as soon as
              you submit an example, so you know right away whether you fooled it. Other people then
              validate the examples that did.
            </List.Item>
            <List.Item>
              <strong>Living leaderboards</strong> — models are ranked across several metrics, and
              you choose how much each metric weighs.
            </List.Item>
          </List>
        </TitledSection>

        <TitledSection id="about-dynascore" title="About the dynascore">
          <Text>
            The dynascore combines a model&apos;s metrics with weights chosen by the reader, on data
            that changes from round to round. It is dynamic by design: it should not be cited on its
            own, only together with the weights, the round and the individual metrics behind it.
          </Text>
        </TitledSection>

        <TitledSection id="about-video" title="See it in action">
          <Text mb="md">A short video explains the platform in a few minutes.</Text>
          <ExplainerVideo />
        </TitledSection>

        <TitledSection id="about-faq" title="Frequently asked questions">
          <Faq />
        </TitledSection>

        <TitledSection id="about-contact" title="Questions?">
          <Text>
            Something not covered here?{' '}
            <Anchor component={Link} to="/contact">
              Contact the team
            </Anchor>
            .
          </Text>
        </TitledSection>
      </Stack>
    </ContentPage>
  );
}
