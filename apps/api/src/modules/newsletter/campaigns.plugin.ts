import fp from 'fastify-plugin';
import { stalledCampaigns } from './campaigns.repository';
import {
  CAMPAIGN_RESUME_QUEUE,
  CAMPAIGN_SEND_QUEUE,
  type CampaignDeps,
  runCampaignSlice,
  STALLED_AFTER_SECONDS,
} from './campaigns.service';

declare module 'fastify' {
  interface FastifyInstance {
    campaigns: CampaignDeps;
  }
}

/**
 * Newsletter campaigns' background work: the send job (one slice of recipients, then the next
 * job), and every minute a look for campaigns whose job was lost (no progress for a while).
 */
export default fp(
  async (app) => {
    const deps: CampaignDeps = {
      db: app.db,
      email: app.email,
      jobs: app.jobs,
      publicUrl: app.config.publicUrl,
      ratePerMinute: app.config.NEWSLETTER_SEND_RATE_PER_MINUTE,
      log: app.log,
    };
    app.decorate('campaigns', deps);
    app.jobs.work<{ campaignId: number }>(
      CAMPAIGN_SEND_QUEUE,
      async ({ campaignId }) => runCampaignSlice(deps, campaignId),
      { batchSize: 1, retryLimit: 20, retryDelay: 5, retryBackoff: false, expireInSeconds: 120 },
    );
    app.jobs.schedule(CAMPAIGN_RESUME_QUEUE, '* * * * *', async () => {
      for (const campaignId of await stalledCampaigns(app.db, STALLED_AFTER_SECONDS)) {
        await app.jobs.send(CAMPAIGN_SEND_QUEUE, { campaignId });
      }
    });
  },
  { name: 'newsletter-campaigns', dependencies: ['config', 'database', 'email', 'jobs'] },
);
