import { describe, expect, it } from 'vitest'
import { addMember } from './seed'
import { newUser, signIn, stack } from './stack'

describe('account deletion', () => {
  it('removes the user, their sign-in and the organizations they alone own; shared ones survive', async () => {
    const leaving = await newUser()
    const partner = await newUser()
    const soleOrg = (await leaving.api.get('/api/account')).body.selectedOrganization
    const sharedOrg = (await partner.api.get('/api/account')).body.selectedOrganization
    await addMember(sharedOrg, leaving.sub, 'OWNER')
    await addMember(soleOrg, partner.sub, 'MEMBER')

    expect((await leaving.api.delete('/api/account')).status).toBe(204)

    await expect(signIn(stack, { email: leaving.email, password: leaving.password })).rejects.toThrow()
    const partnerView = (await partner.api.get('/api/account')).body
    expect(partnerView.organizations.map((org: { id: string }) => org.id)).toEqual([sharedOrg])
    expect((await partner.api.patch(`/api/organizations/${soleOrg}`, { name: 'x' })).status).toBe(404)
    expect((await partner.api.patch(`/api/organizations/${sharedOrg}`, { name: 'Still here' })).status).toBe(
      200,
    )
  })
})
