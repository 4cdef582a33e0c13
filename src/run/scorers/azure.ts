import { GateError } from '../../io/errors.ts'
import { endpointOrigin } from '../../judge/endpoint.ts'
import { DEFAULT_JUDGE_BASE_URL } from '../../schemas/config.ts'
import { llmJudgeProvider } from './llmJudge.ts'

/**
 * `provider: azure`: an Azure OpenAI resource through the SDK's Azure client. judge.base_url is
 * the resource endpoint, judge.model and judge.embeddings_model are deployment names, requests
 * go to /openai/deployments/{name}/… with `?api-version=` and the key in the `api-key` header.
 */
export const azureProvider = llmJudgeProvider({
  name: 'azure',
  dialect: 'azure',
  label: 'azure openai',
  defaultKeyEnv: 'AZURE_OPENAI_API_KEY',
  // Azure answers 401 without a key: no key skips the tier, as for api.openai.com
  keyless: false,
  check(judge) {
    if (!judge.api_version) {
      throw new GateError(
        'bad_config',
        'judge.provider is azure but no judge.api_version is set',
        'set judge.api_version (flag --judge-api-version, Action input judge-api-version) to an API version your resource serves, e.g. 2024-10-21',
      )
    }
    if (endpointOrigin(judge.base_url) === endpointOrigin(DEFAULT_JUDGE_BASE_URL)) {
      throw new GateError(
        'bad_config',
        `judge.provider is azure but judge.base_url is ${judge.base_url}`,
        'set judge.base_url (flag --judge-base-url, Action input judge-base-url) to your resource endpoint, e.g. https://my-resource.openai.azure.com',
      )
    }
  },
})
